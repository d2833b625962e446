import { useState } from 'react';

import { errorMessage } from '../../../lib/api-errors';
import { useNotify } from '../../../ui/snackbar/use-notify';

/**
 * Runs an action once the password was verified recently (the identity area's
 * useProtectedAction, handed in by the route): true once it ran, false when cancelled.
 */
export type RunProtected = (action: () => Promise<void> | void) => Promise<boolean>;

/**
 * One step at a time on a note: busy while it runs, the server's message when it fails
 * (kept on screen beside the buttons), a snackbar when it is done. A step answering false
 * was cancelled (a dialog closed) and says nothing.
 */
export function useStepRunner() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(step: () => Promise<boolean>, success: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const done = await step();
      if (done) notify.success(success);
      return done;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}

export type StepRunner = ReturnType<typeof useStepRunner>;
