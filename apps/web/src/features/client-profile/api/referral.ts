import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clientKeys, practiceListKeys, type Unchanged } from './keys';

const paths = apiPaths.clientProfile;

/** One of the practice's outside contacts (a doctor, a school, a directory). */
export interface PracticeContact {
  contactId: number;
  name: string;
  organization: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  active: boolean;
}

export function getPracticeContactsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.contacts,
    queryFn: ({ signal }) =>
      api.get<{ data: PracticeContact[] }>(paths.practiceContacts, { signal }),
    select: (response) => response.data,
  });
}

export function usePracticeContacts() {
  return useQuery(getPracticeContactsQueryOptions());
}

export function getReferralSourceQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.referral(patientId),
    queryFn: ({ signal }) =>
      api.get<{ referralSource: PracticeContact | null }>(paths.referralSource, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.referralSource,
  });
}

export function useReferralSource(patientId: number) {
  return useQuery(getReferralSourceQueryOptions(patientId));
}

type ReferralResult = Unchanged | { status: 'saved'; referralSource: PracticeContact | null };

/** Saves the chosen contact as the referral source, or (null) removes it. */
export function useSetReferralSource(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number | null) =>
      contactId === null
        ? api.post<ReferralResult>(paths.deleteReferralSource, { patientId })
        : api.post<ReferralResult>(paths.saveReferralSource, { patientId, contactId }),
    onSuccess: (result) => {
      if (result.status === 'saved') {
        queryClient.setQueryData(clientKeys.referral(patientId), {
          referralSource: result.referralSource,
        });
      }
    },
  });
}
