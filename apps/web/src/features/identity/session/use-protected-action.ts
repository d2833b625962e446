import { hasRecentlyVerifiedPassword } from './api';
import {
  protectedActionStore,
  type ProtectedAction,
} from './verify-password/protected-action-store';

export type { ProtectedAction } from './verify-password/protected-action-store';

export type RunProtected = (action: ProtectedAction) => Promise<boolean>;

/**
 * Runs `action` once the user has verified their password (spec-1 §4): at once
 * when the server says it was verified recently, otherwise after the Verify
 * Password dialog (mounted by `SessionServices`) succeeds. Answers true once
 * the action ran, false when the user cancelled; rejects with the action's error.
 */
export const runProtected: RunProtected = async (action) => {
  let recent = false;
  try {
    recent = await hasRecentlyVerifiedPassword();
  } catch {
    // Unknown: ask. The dialog shows the error if the server stays unreachable.
  }
  if (!recent) return protectedActionStore.request(action);
  await action();
  return true;
};

/**
 *     const runProtected = useProtectedAction();
 *     await runProtected(() => saveSettings.mutateAsync(values));
 */
export function useProtectedAction(): RunProtected {
  return runProtected;
}
