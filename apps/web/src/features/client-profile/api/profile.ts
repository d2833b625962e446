import type { PatientAccess } from '@openpractice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import type { Address, ClientContact, Email, Phone } from './contact-details';
import { clientKeys, type Unchanged } from './keys';
import type { ClientStatuses } from './statuses';

const paths = apiPaths.clientProfile;

export interface BasicDetails {
  firstName: string;
  nickName: string | null;
  middleName: string | null;
  lastName: string;
  gender: string | null;
  claimGender: string | null;
  /** ISO date. */
  dob: string | null;
  maritalStatus: string | null;
  employer: string | null;
  employmentType: string | null;
  /** The account number as shown ('C000001002'). */
  userNumber: string;
}

export type ProfileAccess = Omit<PatientAccess, 'canView'>;

export interface Addresses {
  defaultAddress: Address | null;
  mailingAddress: Address | null;
  otherAddresses: Address[];
}

/**
 * `GET /api/patient/getProfile`: the parts asked for and allowed. A part the
 * caller may not see is left out (the key is missing), so each is optional.
 */
export interface ClientProfile {
  patientId: number;
  isGroup: boolean;
  basicDetails: BasicDetails;
  patientAccess?: ProfileAccess;
  demographics?: Record<string, string | null>;
  addresses?: Addresses;
  phones?: Phone[];
  emails?: Email[];
  contacts?: ClientContact[];
  clientSettings?: { timezone: string | null };
  status?: ClientStatuses;
  alert?: string | null;
  photoIdS3Url?: string | null;
  /** Present only for the client's own therapist; null when there is none. */
  reasonForAppointment?: string | null;
}

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

export interface ClientTherapist {
  therapistId: number;
  userId: number;
  name: string;
  active: boolean;
  isPrimary: boolean;
  status: string;
}

export function getClientTherapistsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.therapists(patientId),
    queryFn: ({ signal }) =>
      api.get<{ data: ClientTherapist[] }>(paths.therapists, {
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

export type BasicDetailsInput = Partial<Omit<BasicDetails, 'userNumber'>>;

export type BasicDetailsResult = Unchanged | { status: 'saved'; basicDetails: BasicDetails };

export function useUpdateBasicDetails(patientId: number) {
  const queryClient = useQueryClient();
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: BasicDetailsInput) =>
      api.post<BasicDetailsResult>(paths.updateBasicDetails, { patientId, ...input }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, basicDetails: result.basicDetails }));
      // The names appear in other lists (e.g. client search): let them reload.
      void queryClient.invalidateQueries({ queryKey: clientKeys.therapists(patientId) });
    },
  });
}

// --- Time zone -------------------------------------------------------------------

export type TimezoneResult =
  Unchanged | { status: 'saved'; clientSettings: { timezone: string | null } };

export function useSetClientTimezone(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (timezone: string | null) =>
      api.post<TimezoneResult>(paths.setTimezone, { userId: patientId, timezone }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, clientSettings: result.clientSettings }));
    },
  });
}

// --- Legacy links ----------------------------------------------------------------

export interface LegacyLink {
  id: number | string;
  label?: string;
  name?: string;
}

export function getLegacyLinksQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.legacyLinks(patientId),
    queryFn: ({ signal }) =>
      api.get<{ data: LegacyLink[] }>(paths.legacyLinks, { query: { patientId }, signal }),
    select: (response) => response.data,
  });
}

export function useLegacyLinks(patientId: number) {
  return useQuery(getLegacyLinksQueryOptions(patientId));
}
