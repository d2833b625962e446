import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { failureText, refusedField, useAvailabilityFeedback } from './feedback';

/**
 * What the editor's dialogs do when a save fails: a toast (with Retry when asked), the same
 * text inside the dialog (the toast is hidden from assistive technology while a dialog is
 * open), and the server's reason on the field it names, when that field is in the form.
 */
export function useSaveFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const feedback = useAvailabilityFeedback();
  const [failure, setFailure] = useState<string | null>(null);

  const show = useCallback(
    (message: string, error: unknown, options: { retry?: boolean } = {}) => {
      feedback.failed(message, error, options);
      setFailure(failureText(message, error));
      const field = refusedField(error);
      if (field && fields.includes(field)) {
        setError(field as Path<T>, { message: error instanceof Error ? error.message : '' });
      }
    },
    [feedback, fields, setError],
  );

  const clear = useCallback(() => {
    setFailure(null);
  }, []);

  return { failure, show, clear };
}
