import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** In place of a part that did not load (the snackbar said why): a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      This part of the record could not be loaded.
    </Alert>
  );
}
