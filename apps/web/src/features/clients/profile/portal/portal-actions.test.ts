import type { ResponseOf } from '@openpractice/contracts';
import type { getPortalStatus } from '@openpractice/contracts/portal';
import { describe, expect, it } from 'vitest';

import { portalActions } from './portal-actions';

type PortalData = ResponseOf<typeof getPortalStatus>;

const now = new Date('2026-11-21T10:00:00Z');

/** The portalStatus answer, as the server sends it. */
const portal = (overrides: Partial<PortalData>) =>
  ({
    status: 'ENABLED',
    isLocked: false,
    failedLoginCount: 0,
    loginLockExpiration: null,
    username: 'chris.client@example.com',
    hasPortalAccount: true,
    ...overrides,
  }) satisfies PortalData;

describe('portalActions', () => {
  it('only invites a client without an account', () => {
    expect(
      portalActions(portal({ status: 'INITIAL', hasPortalAccount: false, username: null }), now),
    ).toEqual({
      sendInvitation: true,
      enable: false,
      disable: false,
      resetPassword: false,
      unlock: false,
    });
  });

  it('invites again, but sends no reset, while the invitation is not used', () => {
    const actions = portalActions(portal({ status: 'ACTIVATION_LINK_SENT' }), now);
    expect(actions.sendInvitation).toBe(true);
    expect(actions.resetPassword).toBe(false);
    expect(actions.disable).toBe(true);
  });

  it('resets and disables an enabled account', () => {
    expect(portalActions(portal({}), now)).toEqual({
      sendInvitation: false,
      enable: false,
      disable: true,
      resetPassword: true,
      unlock: false,
    });
  });

  it('only enables a disabled account', () => {
    expect(portalActions(portal({ status: 'DISABLED' }), now)).toEqual({
      sendInvitation: false,
      enable: true,
      disable: false,
      resetPassword: false,
      unlock: false,
    });
  });

  it('unlocks while failed sign-ins hold a lock that has not expired', () => {
    const locked = { failedLoginCount: 5, loginLockExpiration: '2026-11-21T10:15:00Z' };
    expect(portalActions(portal(locked), now).unlock).toBe(true);
    const expired = { failedLoginCount: 5, loginLockExpiration: '2026-11-21T09:59:00Z' };
    expect(portalActions(portal(expired), now).unlock).toBe(false);
    const noFailures = { failedLoginCount: 0, loginLockExpiration: '2026-11-21T10:15:00Z' };
    expect(portalActions(portal(noFailures), now).unlock).toBe(false);
  });
});
