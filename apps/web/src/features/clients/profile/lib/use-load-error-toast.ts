import { useEffect } from 'react';

import { useNotify } from '../../../../ui/snackbar/use-notify';
import { TRY_AGAIN } from './messages';

interface LoadState {
  isError: boolean;
  /** When the last failure happened: a new failure shows the message again. */
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

/**
 * Shows `message` (error colour, 5 s) each time a load fails, with a
 * 'Try Again' button that reloads when `tryAgain` is set. `message: null`
 * keeps a failure silent (spec-2 §8: some loads are only logged).
 */
export function useLoadErrorToast(
  query: LoadState,
  message: string | null,
  options: { tryAgain?: boolean } = {},
): void {
  const notify = useNotify();
  const { isError, errorUpdatedAt, refetch } = query;
  const tryAgain = options.tryAgain ?? false;
  useEffect(() => {
    if (!isError || message === null) return;
    notify.error(
      message,
      tryAgain ? { action: { label: TRY_AGAIN, onClick: () => void refetch() } } : {},
    );
  }, [isError, errorUpdatedAt, message, tryAgain, refetch, notify]);
}
