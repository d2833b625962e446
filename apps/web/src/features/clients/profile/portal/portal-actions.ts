import { isPortalAccountLocked, type PortalStatus } from '@openpractice/domain';

import type { OutboundEmailStatus, PortalData } from '../api/portal';

export const PORTAL_STATUS_LABELS: Record<PortalStatus, string> = {
  INITIAL: 'Not invited',
  ACTIVATION_LINK_SENT: 'Invitation sent',
  PASSWORD_RESET_LINK_SENT: 'Password reset sent',
  PASSWORD_RESET_REQUIRED: 'Password reset required',
  ENABLED: 'Enabled',
  DISABLED: 'Disabled',
};

export const EMAIL_STATUS_LABELS: Record<OutboundEmailStatus, string> = {
  queued: 'Sending',
  sent: 'Sent',
  logged: 'Not sent (no mail server configured)',
  failed: 'Not sent (delivery failed)',
  suppressed: 'Not sent (address on the suppression list)',
};

export interface PortalActions {
  sendInvitation: boolean;
  enable: boolean;
  disable: boolean;
  resetPassword: boolean;
  unlock: boolean;
}

/**
 * What staff may do with the client's portal account (the spec leaves the
 * transitions open): invite a client without an account or not yet
 * activated (again, if the first link was lost); enable a disabled account;
 * disable any account that is not; send a password reset to an account that
 * was activated and is not disabled; unlock an account while it is locked by
 * the spec's rule (a failed sign-in and a lock that has not yet expired).
 */
export function portalActions(portal: PortalData, now: Date): PortalActions {
  const { status, hasPortalAccount } = portal;
  const notActivated = status === 'INITIAL' || status === 'ACTIVATION_LINK_SENT';
  return {
    sendInvitation: !hasPortalAccount || notActivated,
    enable: hasPortalAccount && status === 'DISABLED',
    disable: hasPortalAccount && status !== 'DISABLED',
    resetPassword: hasPortalAccount && status !== 'DISABLED' && !notActivated,
    unlock: hasPortalAccount && isPortalAccountLocked(portal, now),
  };
}
