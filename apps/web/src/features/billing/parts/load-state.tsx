import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

import { errorMessage } from '../../../lib/api-client';

/** A failed read: what failed, the server's reason, and Retry. */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Unable to load {what}. {errorMessage(error)}
    </Alert>
  );
}
