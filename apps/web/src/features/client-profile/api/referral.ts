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

/** The referral acknowledgement letter, filled in by the server, for the Send fax dialog. */
export interface ReferralFaxTemplate {
  subject: string;
  body: string;
  /** The referral source's fax, formatted '(207) 555-0143'. */
  faxNumber: string;
  contactName: string;
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

/** 'logged': kept by the local adapter only (no fax service configured). */
export type ReferralFaxStatus = 'logged' | 'sent' | 'failed';

export interface ReferralFax {
  id: number;
  faxNumber: string;
  contactName: string | null;
  subject: string;
  status: ReferralFaxStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** A signed address of the PDF, valid for ten minutes. */
  pdfUrl: string | null;
}

export function useReferralFaxes(patientId: number) {
  return useQuery({
    queryKey: clientKeys.referralFaxes(patientId),
    queryFn: ({ signal }) =>
      api.get<{ faxer: 'service' | 'local'; data: ReferralFax[] }>(paths.referralFaxes, {
        query: { patientId },
        signal,
      }),
    // The PDF links are signed for ten minutes: renew them while the list is on screen.
    refetchInterval: 5 * 60_000,
  });
}

export interface SendReferralFax {
  subject: string;
  body: string;
  faxNumber: string;
}

/** Sends the letter (or, without a fax service, keeps it as 'logged'); the list reloads either way. */
export function useSendReferralFax(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fax: SendReferralFax) =>
      api.post<{ status: 'logged' | 'sent'; faxId: number }>(paths.sendReferralFax, {
        patientId,
        ...fax,
      }),
    // A failed fax is kept too (status 'failed'), so reload after any answer.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: clientKeys.referralFaxes(patientId) }),
  });
}
