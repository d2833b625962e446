import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  impersonateUser,
  listImpersonationPractices,
  listImpersonationUsers,
  stopImpersonating,
} from '@openpractice/contracts/admin';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export const ASSUME_IDENTITY_FAILED_MESSAGE = 'Unable to assume customer identity.';

/** The server ends support access this long after it starts (platform/impersonation.ts). */
export const IMPERSONATION_MINUTES = 60;
export const IMPERSONATION_REASON_MAX = 500;

const adminKey = ['admin'] as const;

export function getImpersonationPracticesQueryOptions() {
  return queryOptions({
    queryKey: [...adminKey, 'impersonation', 'practices'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listImpersonationPractices>>(apiPaths.impersonationPractices, {
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useImpersonationPractices() {
  return useQuery(getImpersonationPracticesQueryOptions());
}

export function getImpersonationUsersQueryOptions(practiceId: number | null) {
  return queryOptions({
    queryKey: [...adminKey, 'impersonation', 'users', practiceId] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listImpersonationUsers>>(apiPaths.impersonationUsers, {
        signal,
        query: { practiceId },
      }),
    select: (response) => response.data,
    enabled: practiceId !== null,
  });
}

export function useImpersonationUsers(practiceId: number | null) {
  return useQuery(getImpersonationUsersQueryOptions(practiceId));
}

/** Act as a practice's user; the whole app must then reload as that user. */
export function useImpersonateUser() {
  return useMutation({
    mutationFn: (input: { userId: number; practiceId: number; reason: string }) =>
      api.post<ResponseOf<typeof impersonateUser>>(apiPaths.impersonateUser, {
        user_id: input.userId,
        practice_id: input.practiceId,
        reason: input.reason,
      } satisfies BodyOf<typeof impersonateUser>),
  });
}

export function useStopImpersonating() {
  return useMutation({
    mutationFn: () => api.post<ResponseOf<typeof stopImpersonating>>(apiPaths.stopImpersonating),
  });
}
