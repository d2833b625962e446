import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { searchEmails } from '@openpractice/contracts/email-monitoring';
import type {
  disablePortalAccess,
  disableTwoFactorAuth,
  enablePortalAccess,
  getLoginHistory,
  getPortalCredentials,
  getPortalStatus,
  getTwoFactorAuthStatus,
  resetPortalPassword,
  sendActivationLink,
  unlockPortalAccount,
} from '@openpractice/contracts/portal';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

/** `GET /api/patient/portalStatus` and the answer of unlockAccount. */
export type PortalData = ResponseOf<typeof getPortalStatus>;

export type PortalCredentials = ResponseOf<typeof getPortalCredentials>;

export function getPortalStatusQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.portalStatus(patientId),
    queryFn: ({ signal }) =>
      api.get<PortalData>(paths.portalStatus, { query: { patientId }, signal }),
  });
}

export function usePortalStatus(patientId: number) {
  return useQuery(getPortalStatusQueryOptions(patientId));
}

export function getPortalCredentialsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.credentials(patientId),
    queryFn: ({ signal }) =>
      api.get<PortalCredentials>(paths.credentials, { query: { patientId }, signal }),
  });
}

export function usePortalCredentials(patientId: number) {
  return useQuery(getPortalCredentialsQueryOptions(patientId));
}

export type PortalAction = 'sendInvitation' | 'enable' | 'disable' | 'resetPassword';

/** The new status name each action answers. */
type PortalActionAnswer = ResponseOf<
  | typeof sendActivationLink
  | typeof enablePortalAccess
  | typeof disablePortalAccess
  | typeof resetPortalPassword
>;

const ACTION_PATHS: Record<PortalAction, string> = {
  sendInvitation: paths.sendActivationLink,
  enable: paths.enablePortal,
  disable: paths.disablePortal,
  resetPassword: paths.resetPassword,
};

/** Each action answers the new status name (spec-2 §4); the portal's other reads follow. */
export function usePortalAction(patientId: number, action: PortalAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<PortalActionAnswer>(ACTION_PATHS[action], undefined, {
        query: { patientId },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['client', patientId, 'portal'] as const }),
  });
}

export function useUnlockPortalAccount(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<typeof unlockPortalAccount>>(paths.unlockAccount, undefined, {
        query: { patientId },
      }),
    onSuccess: (portal) => {
      queryClient.setQueryData(clientKeys.portalStatus(patientId), portal);
    },
  });
}

// --- Login history -----------------------------------------------------------------

export type LoginHistoryPage = ResponseOf<typeof getLoginHistory>;
export type LoginAttempt = LoginHistoryPage['data'][number];

export function getLoginHistoryQueryOptions(patientId: number, offset: number, limit: number) {
  return queryOptions({
    queryKey: clientKeys.loginHistory(patientId, offset, limit),
    queryFn: ({ signal }) =>
      api.get<LoginHistoryPage>(paths.loginHistory, {
        query: { patientId, offset, limit },
        signal,
      }),
  });
}

export function useLoginHistory(patientId: number, offset: number, limit: number) {
  return useQuery({
    ...getLoginHistoryQueryOptions(patientId, offset, limit),
    placeholderData: (previous) => previous,
  });
}

// --- The client's outbound emails (managers) ------------------------------------------

export type OutboundEmail = ResponseOf<typeof searchEmails>['data'][number];
export type OutboundEmailStatus = OutboundEmail['status'];

/**
 * Email monitoring of one client (spec-2 §7): the search with the client
 * (`userId`), sent after `sentAfter` and before `sentBefore` (ISO days), newest first.
 */
export function getOutboundEmailsQueryOptions(
  patientId: number,
  sentAfter: string,
  sentBefore: string,
) {
  return queryOptions({
    queryKey: clientKeys.outboundEmails(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof searchEmails>>(apiPaths.emailMonitoring.search, {
        query: { userId: patientId, sentAfter, sentBefore, pageSize: 100 },
        signal,
      }),
  });
}

export function useOutboundEmails(patientId: number, sentAfter: string, sentBefore: string) {
  return useQuery(getOutboundEmailsQueryOptions(patientId, sentAfter, sentBefore));
}

// --- Two-factor authentication --------------------------------------------------------

export type TwoFactorStatus = ResponseOf<typeof getTwoFactorAuthStatus>;

/** A POST that only reads (spec-2 §7). */
export function getTwoFactorQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.twoFactor(patientId),
    queryFn: ({ signal }) =>
      api.post<TwoFactorStatus>(
        paths.twoFactorStatus,
        { patientId } satisfies BodyOf<typeof getTwoFactorAuthStatus>,
        { signal },
      ),
  });
}

export function useTwoFactorStatus(patientId: number) {
  return useQuery(getTwoFactorQueryOptions(patientId));
}

export function useDisableTwoFactor(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<typeof disableTwoFactorAuth>>(paths.disableTwoFactor, {
        patientId,
      } satisfies BodyOf<typeof disableTwoFactorAuth>),
    onSuccess: (status) => {
      queryClient.setQueryData(clientKeys.twoFactor(patientId), status);
    },
  });
}
