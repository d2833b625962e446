import { useMemo } from 'react';

import { useNotify } from '../../../../ui/snackbar/use-notify';
import { failureMessage } from './failure-message';
import { MESSAGES } from './messages';

/**
 * The toasts of a profile save: 'Profile updated.' when the server saved,
 * 'No changes to save.' when it answered `unchanged`, the spec's failure text
 * (with the server's reason when it is one a person can act on) otherwise.
 */
export function useSaveFeedback() {
  const notify = useNotify();
  return useMemo(
    () => ({
      saved: (result: { status: string }, success: string = MESSAGES.profileUpdated) => {
        if (result.status === 'unchanged') notify.info(MESSAGES.noChanges);
        else notify.success(success);
      },
      failed: (message: string, error: unknown) => {
        notify.error(failureMessage(message, error));
      },
      notify,
    }),
    [notify],
  );
}
