import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  checkStaffToken,
  inviteStaff,
  listStaff,
  setStaffPassword,
  updateAgentTherapists,
  updateStaffDetails,
  updateStaffRoles,
  updateStaffTherapist,
} from '@openpractice/contracts/practice/staff';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { ApiError, failureOf, isRefusal } from '../../../lib/api-errors';

export type StaffList = ResponseOf<typeof listStaff>;
export type StaffMember = StaffList['data'][number];
export type MemberAnswer = ResponseOf<typeof inviteStaff>;
export type StaffAction = 'resendActivation' | 'resetPassword' | 'disable' | 'enable';

export const staffQueryKey = ['practice-staff'] as const;

export function getStaffQueryOptions(includeInactive: boolean) {
  return queryOptions({
    queryKey: [...staffQueryKey, { includeInactive }] as const,
    queryFn: ({ signal }) =>
      api.get<StaffList>(`${apiPaths.staff}?includeInactive=${String(includeInactive)}`, {
        signal,
      }),
  });
}

export function useStaff(includeInactive: boolean) {
  return useQuery(getStaffQueryOptions(includeInactive));
}

const refresh = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: staffQueryKey });

/** Every change to a staff member answers the member; the list is read again. */
function useStaffMutation<V>(call: (variables: V) => Promise<MemberAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(queryClient) });
}

export const useInviteStaff = () =>
  useStaffMutation((body: BodyOf<typeof inviteStaff>) =>
    api.post<MemberAnswer>(apiPaths.staff, body),
  );

export const useUpdateStaffDetails = () =>
  useStaffMutation(({ userId, ...body }: BodyOf<typeof updateStaffDetails> & { userId: number }) =>
    api.put<MemberAnswer>(apiPaths.staffMember(userId), body),
  );

export const useUpdateStaffRoles = () =>
  useStaffMutation(({ userId, ...body }: BodyOf<typeof updateStaffRoles> & { userId: number }) =>
    api.put<MemberAnswer>(apiPaths.staffRoles(userId), body),
  );

export const useUpdateStaffTherapist = () =>
  useStaffMutation(
    ({ userId, ...body }: BodyOf<typeof updateStaffTherapist> & { userId: number }) =>
      api.put<MemberAnswer>(apiPaths.staffTherapist(userId), body),
  );

export const useUpdateAgentTherapists = () =>
  useStaffMutation(
    ({ userId, ...body }: BodyOf<typeof updateAgentTherapists> & { userId: number }) =>
      api.put<MemberAnswer>(apiPaths.staffAgentTherapists(userId), body),
  );

export const useStaffAction = () =>
  useStaffMutation(({ userId, action }: { userId: number; action: StaffAction }) =>
    api.post<MemberAnswer>(apiPaths.staffAction(userId, action), {}),
  );

// --- The emailed links ------------------------------------------------------------

export type StaffLink = ResponseOf<typeof checkStaffToken>;

/** The server answers 400 naming `token` for a link that is expired, used or unknown. */
export function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && failureOf(error) === 'invalid' && error.field === 'token';
}

export function useStaffLink(token: string) {
  return useQuery({
    queryKey: ['staff-link', token] as const,
    queryFn: ({ signal }) =>
      api.post<StaffLink>(
        apiPaths.staffCheckToken,
        { token } satisfies BodyOf<typeof checkStaffToken>,
        { signal },
      ),
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    enabled: token !== '',
  });
}

export function useSetStaffPassword() {
  return useMutation({
    mutationFn: (input: BodyOf<typeof setStaffPassword>) =>
      api.post<ResponseOf<typeof setStaffPassword>>(apiPaths.staffSetPassword, input),
  });
}

// --- Remembered choice ------------------------------------------------------------

/** spec-1 §9: practice-settings show-inactive is long-lived, kept in this browser. */
export const SHOW_INACTIVE_KEY = 'openpractice.practiceSettings.showInactive';

export function useShowInactive(): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      return globalThis.localStorage.getItem(SHOW_INACTIVE_KEY) === 'true';
    } catch {
      return false;
    }
  });
  const update = useCallback((next: boolean) => {
    try {
      globalThis.localStorage.setItem(SHOW_INACTIVE_KEY, String(next));
    } catch {
      // Storage can be refused (private mode); the choice then lasts for this page only.
    }
    setValue(next);
  }, []);
  return [value, update];
}
