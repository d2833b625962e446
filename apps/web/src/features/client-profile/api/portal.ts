import type { PortalStatus } from '@openpractice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

/** `GET /api/patient/portalStatus` and the answer of unlockAccount. */
export interface PortalData {
  status: PortalStatus;
  isLocked: boolean;
  failedLoginCount: number;
  /** ISO date-time. */
  loginLockExpiration: string | null;
  username: string | null;
  hasPortalAccount: boolean;
}

export interface PortalCredentials {
  username: string | null;
  /** ISO date-time of the last password set through a portal link. */
  passwordSetOn: string | null;
}

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
      api.post<{ status: PortalStatus }>(ACTION_PATHS[action], undefined, {
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
      api.post<PortalData>(paths.unlockAccount, undefined, { query: { patientId } }),
    onSuccess: (portal) => {
      queryClient.setQueryData(clientKeys.portalStatus(patientId), portal);
    },
  });
}

// --- Login history -----------------------------------------------------------------

export interface LoginAttempt {
  id: number;
  /** ISO date-time. */
  at: string;
  succeeded: boolean;
  ip: string | null;
}

export interface LoginHistoryPage {
  data: LoginAttempt[];
  total: number;
  offset: number;
  limit: number;
}

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

export type OutboundEmailStatus = 'queued' | 'sent' | 'logged' | 'failed' | 'suppressed';

export interface OutboundEmail {
  id: number;
  recipient: string;
  subject: string;
  status: OutboundEmailStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

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
      api.get<{ mailer: 'smtp' | 'local'; data: OutboundEmail[]; total: number }>(
        apiPaths.emailMonitoring.search,
        { query: { userId: patientId, sentAfter, sentBefore, pageSize: 100 }, signal },
      ),
  });
}

export function useOutboundEmails(patientId: number, sentAfter: string, sentBefore: string) {
  return useQuery(getOutboundEmailsQueryOptions(patientId, sentAfter, sentBefore));
}

// --- Two-factor authentication --------------------------------------------------------

export interface TwoFactorStatus {
  isTwoFactorSetup: boolean;
  isTwoFactorVerified: boolean;
  contact: string | null;
  type: string | null;
  verifyDate: string | null;
  canBeDisabled: boolean;
}

/** A POST that only reads (spec-2 §7). */
export function getTwoFactorQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.twoFactor(patientId),
    queryFn: ({ signal }) =>
      api.post<TwoFactorStatus>(paths.twoFactorStatus, { patientId }, { signal }),
  });
}

export function useTwoFactorStatus(patientId: number) {
  return useQuery(getTwoFactorQueryOptions(patientId));
}

export function useDisableTwoFactor(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TwoFactorStatus>(paths.disableTwoFactor, { patientId }),
    onSuccess: (status) => {
      queryClient.setQueryData(clientKeys.twoFactor(patientId), status);
    },
  });
}
