import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  deleteReferralSource,
  getFaxTemplate,
  getReferralSource,
  listFaxes,
  listPracticeContacts,
  saveReferralSource,
  sendFax,
} from '@openpractice/contracts/clients/profile/referral';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys, practiceListKeys } from './keys';

const paths = apiPaths.clientProfile;

/** One of the practice's outside contacts (a doctor, a school, a directory). */
export type PracticeContact = ResponseOf<typeof listPracticeContacts>['data'][number];
/** The referral acknowledgement letter, filled in by the server, for the Send fax dialog. */
export type ReferralFaxTemplate = ResponseOf<typeof getFaxTemplate>;
export type ReferralFax = ResponseOf<typeof listFaxes>['data'][number];
/** 'logged': kept by the local adapter only (no fax service configured). */
export type ReferralFaxStatus = ReferralFax['status'];
export type SendReferralFax = Omit<BodyOf<typeof sendFax>, 'patientId'>;
export type SentReferralFax = ResponseOf<typeof sendFax>;

export function getPracticeContactsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.contacts,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeContacts>>(paths.practiceContacts, { signal }),
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
      api.get<ResponseOf<typeof getReferralSource>>(paths.referralSource, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.referralSource,
  });
}

export function useReferralSource(patientId: number) {
  return useQuery(getReferralSourceQueryOptions(patientId));
}

/** Saves the chosen contact as the referral source, or (null) removes it. */
export function useSetReferralSource(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number | null) =>
      contactId === null
        ? api.post<ResponseOf<typeof deleteReferralSource>>(paths.deleteReferralSource, {
            patientId,
          })
        : api.post<ResponseOf<typeof saveReferralSource>>(paths.saveReferralSource, {
            patientId,
            contactId,
          }),
    onSuccess: (result) => {
      if (result.status === 'saved') {
        queryClient.setQueryData(clientKeys.referral(patientId), {
          referralSource: result.referralSource,
        });
      }
    },
  });
}

export function useReferralFaxTemplate(patientId: number, enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.referralFaxTemplate(patientId),
    queryFn: ({ signal }) =>
      api.get<ReferralFaxTemplate>(paths.referralFaxTemplate, { query: { patientId }, signal }),
    enabled,
    // Today's date and the therapists are in the letter: fill it afresh each time.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useReferralFaxes(patientId: number) {
  return useQuery({
    queryKey: clientKeys.referralFaxes(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listFaxes>>(paths.referralFaxes, {
        query: { patientId },
        signal,
      }),
    // The PDF links are signed for ten minutes: renew them while the list is on screen.
    refetchInterval: 5 * 60_000,
  });
}

/** Sends the letter (or, without a fax service, keeps it as 'logged'); the list reloads either way. */
export function useSendReferralFax(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fax: SendReferralFax) =>
      api.post<ResponseOf<typeof sendFax>>(paths.sendReferralFax, {
        patientId,
        ...fax,
      }),
    // A failed fax is kept too (status 'failed'), so reload after any answer.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: clientKeys.referralFaxes(patientId) }),
  });
}
