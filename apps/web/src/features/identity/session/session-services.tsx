import { lazy, useSyncExternalStore } from 'react';

import { OnceOpened } from '../../../ui/on-first-use';
import { InactivityTimer } from './inactivity/inactivity-timer';
import { protectedActionStore } from './verify-password/protected-action-store';

// The dialog loads when a protected action first asks for the password (issue 14: first paint).
const VerifyPasswordDialogHost = lazy(async () => ({
  default: (await import('./verify-password/verify-password-dialog')).VerifyPasswordDialogHost,
}));

/**
 * The session services of signed-in pages (spec-1 §1): the inactivity timer
 * with its 'Is the chair empty?' dialog, and the Verify Password dialog that
 * `useProtectedAction` opens. Mount it once, in the default layout.
 */
export function SessionServices({
  inactivityLockoutMinutes,
}: {
  inactivityLockoutMinutes: number;
}) {
  const opening = useSyncExternalStore(
    protectedActionStore.subscribe,
    protectedActionStore.getOpening,
  );
  return (
    <>
      <InactivityTimer limitMinutes={inactivityLockoutMinutes} />
      <OnceOpened open={opening !== 0}>
        <VerifyPasswordDialogHost />
      </OnceOpened>
    </>
  );
}
