import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  listLegacyLinks,
  listTherapists,
  setClientTimezone,
  updateUserDetails,
} from '@openpractice/contracts/clients/profile/details';
import type { getProfile } from '@openpractice/contracts/clients/profile/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

/**
 * `GET /api/patient/getProfile`: the parts asked for and allowed. A part the
 * caller may not see is left out (the key is missing), so each is optional.
 */
export type ClientProfile = ResponseOf<typeof getProfile>;
export type BasicDetails = ClientProfile['basicDetails'];
export type ProfileAccess = NonNullable<ClientProfile['patientAccess']>;
export type Addresses = NonNullable<ClientProfile['addresses']>;

/** The parts the profile page reads at once; each tab with its own call loads the rest. */
const PROFILE_INCLUDES = [
  'patientAccess',
  'demographics',
  'addresses',
  'phones',
  'emails',
  'contacts',
  'clientSettings',
  'status',
  'alert',
  'photoIdS3Url',
  'reasonForAppointment',
].join(',');

export function getClientProfileQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.profile(patientId),
    queryFn: ({ signal }) =>
      api.get<ClientProfile>(paths.profile, {
        query: { patientId, include: PROFILE_INCLUDES },
        signal,
      }),
  });
}

export function useClientProfile(patientId: number) {
  return useQuery(getClientProfileQueryOptions(patientId));
}

/** Changes one part of the cached profile, e.g. after a save answered the new list. */
export function useUpdateCachedProfile(patientId: number) {
  const queryClient = useQueryClient();
  return (change: (profile: ClientProfile) => ClientProfile) => {
    queryClient.setQueryData<ClientProfile>(clientKeys.profile(patientId), (old) =>
      old ? change(old) : old,
    );
  };
}

// --- Therapists (the header) -----------------------------------------------------

export type ClientTherapist = ResponseOf<typeof listTherapists>['data'][number];

export function getClientTherapistsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.therapists(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listTherapists>>(paths.therapists, {
        query: { patientId, onlyActiveTherapists: false },
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useClientTherapists(patientId: number) {
  return useQuery(getClientTherapistsQueryOptions(patientId));
}

// --- Basic details ---------------------------------------------------------------

export type BasicDetailsInput = Omit<BodyOf<typeof updateUserDetails>, 'patientId'>;

export function useUpdateBasicDetails(patientId: number) {
  const queryClient = useQueryClient();
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: BasicDetailsInput) =>
      api.post<ResponseOf<typeof updateUserDetails>>(paths.updateBasicDetails, {
        patientId,
        ...input,
      }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, basicDetails: result.basicDetails }));
      // The names appear in other lists (e.g. client search): let them reload.
      void queryClient.invalidateQueries({ queryKey: clientKeys.therapists(patientId) });
    },
  });
}

// --- Time zone -------------------------------------------------------------------

export function useSetClientTimezone(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (timezone: string | null) =>
      api.post<ResponseOf<typeof setClientTimezone>>(paths.setTimezone, {
        userId: patientId,
        timezone,
      }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, clientSettings: result.clientSettings }));
    },
  });
}

// --- Legacy links ----------------------------------------------------------------

export function getLegacyLinksQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.legacyLinks(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listLegacyLinks>>(paths.legacyLinks, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useLegacyLinks(patientId: number) {
  return useQuery(getLegacyLinksQueryOptions(patientId));
}
