import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export const EMAIL_STATUSES = ['sent', 'logged', 'failed', 'suppressed', 'queued'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  sent: 'Sent',
  logged: 'Kept here (not sent)',
  failed: 'Failed',
  suppressed: 'Suppressed — not sent',
  queued: 'Sending',
};

/** spec-1 §7: addSuppressed's reason, COMPLAINT by default. */
export const SUPPRESSION_REASONS = ['COMPLAINT', 'BOUNCE', 'UNSUBSCRIBE', 'MANUAL'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  COMPLAINT: 'Complaint',
  BOUNCE: 'Bounce',
  UNSUBSCRIBE: 'Unsubscribed',
  MANUAL: 'Added by hand',
};

export interface EmailSearchRequest {
  userId?: number | undefined;
  email?: string | undefined;
  status?: EmailStatus | undefined;
  sentAfter?: string | undefined;
  sentBefore?: string | undefined;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface EmailRow {
  id: number;
  clientId: number | null;
  clientName: string | null;
  recipient: string;
  subject: string;
  kind: string | null;
  status: EmailStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  body: string | null;
}

export interface EmailSearch {
  mailer: 'smtp' | 'local';
  data: EmailRow[];
  total: number;
  page: number;
  pageSize: number;
  timezone: string;
  scope: 'practice' | 'ownClients';
}

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  addedAt: string;
  addedBy: string | null;
}

const key = ['emailMonitoring'] as const;

export function getEmailSearchQueryOptions(request: EmailSearchRequest) {
  return queryOptions({
    queryKey: [...key, 'search', request] as const,
    queryFn: ({ signal }) =>
      api.get<EmailSearch>(apiPaths.emailMonitoring.search, { query: { ...request }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmailSearch(request: EmailSearchRequest) {
  return useQuery(getEmailSearchQueryOptions(request));
}

export function useSuppressions(request: { email?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'suppressed', request] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: Suppression[]; total: number }>(apiPaths.emailMonitoring.getSuppressed, {
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
    mutationFn: (input: { email: string; reason: SuppressionReason }) =>
      api.put<Suppression>(apiPaths.emailMonitoring.addSuppressed, input),
    onSuccess: refresh,
  });
}

export function useRemoveSuppressed() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (email: string) =>
      api.delete<{ email: string }>(apiPaths.emailMonitoring.removeSuppressed, {
        query: { email },
      }),
    onSuccess: refresh,
  });
}
