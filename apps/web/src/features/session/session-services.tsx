import { InactivityTimer } from './inactivity/inactivity-timer';
import { VerifyPasswordDialogHost } from './verify-password/verify-password-dialog';

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
  return (
    <>
      <InactivityTimer limitMinutes={inactivityLockoutMinutes} />
      <VerifyPasswordDialogHost />
    </>
  );
}
