import { useEffect } from 'react';

import { useNotify } from '../../ui/snackbar/use-notify';

interface LoadState {
  isError: boolean;
  /** When the last failure happened: a new failure shows the message again. */
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export const TRY_AGAIN = 'Try Again';

/** Shows `message` (error colour, 5 s) each time a load fails, with 'Try Again' reloading it. */
export function useLoadErrorToast(query: LoadState, message: string): void {
  const notify = useNotify();
  const { isError, errorUpdatedAt, refetch } = query;
  useEffect(() => {
    if (!isError) return;
    notify.error(message, { action: { label: TRY_AGAIN, onClick: () => void refetch() } });
  }, [isError, errorUpdatedAt, message, refetch, notify]);
}
