import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  addSuppressed,
  getSuppressed,
  removeSuppressed,
  searchEmails,
} from '@openpractice/contracts/email-monitoring';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export type EmailSearch = ResponseOf<typeof searchEmails>;
export type EmailRow = EmailSearch['data'][number];
export type EmailStatus = EmailRow['status'];
export type Suppression = ResponseOf<typeof addSuppressed>;
export type SuppressionReason = Suppression['reason'];

/** Every status, in the order the filter offers them. */
export const EMAIL_STATUSES = [
  'sent',
  'logged',
  'failed',
  'suppressed',
  'queued',
] as const satisfies readonly EmailStatus[];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  sent: 'Sent',
  logged: 'Kept here (not sent)',
  failed: 'Failed',
  suppressed: 'Suppressed — not sent',
  queued: 'Sending',
};

/** spec-1 §7: addSuppressed's reason, COMPLAINT by default. */
export const SUPPRESSION_REASONS = [
  'COMPLAINT',
  'BOUNCE',
  'UNSUBSCRIBE',
  'MANUAL',
] as const satisfies readonly SuppressionReason[];
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  COMPLAINT: 'Complaint',
  BOUNCE: 'Bounce',
  UNSUBSCRIBE: 'Unsubscribed',
  MANUAL: 'Added by hand',
};

type SearchQuery = QueryOf<typeof searchEmails>;

/** The search as the page holds it (the client's id as a number). */
export type EmailSearchRequest = Pick<
  SearchQuery,
  'email' | 'status' | 'sentAfter' | 'sentBefore'
> & {
  userId?: number | undefined;
  direction: NonNullable<SearchQuery['direction']>;
  page: number;
  pageSize: number;
};

const key = ['emailMonitoring'] as const;

export function getEmailSearchQueryOptions(request: EmailSearchRequest) {
  return queryOptions({
    queryKey: [...key, 'search', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof searchEmails>>(apiPaths.emailMonitoring.search, {
        query: { ...request },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEmailSearch(request: EmailSearchRequest) {
  return useQuery(getEmailSearchQueryOptions(request));
}

export function useSuppressions(
  request: Pick<QueryOf<typeof getSuppressed>, 'email'> & { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: [...key, 'suppressed', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSuppressed>>(apiPaths.emailMonitoring.getSuppressed, {
        query: { ...request },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Adding or removing an address changes the list and what the log will say. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useAddSuppressed() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: Required<BodyOf<typeof addSuppressed>>) =>
      api.put<ResponseOf<typeof addSuppressed>>(apiPaths.emailMonitoring.addSuppressed, input),
    onSuccess: refresh,
  });
}

export function useRemoveSuppressed() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (email: string) =>
      api.delete<ResponseOf<typeof removeSuppressed>>(apiPaths.emailMonitoring.removeSuppressed, {
        query: { email },
      }),
    onSuccess: refresh,
  });
}
