import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';

import { appHref, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useStopImpersonating } from './api';

/** While support staff act as a practice user: who they are acting as, and the way back. */
export function ImpersonationBanner(props: {
  displayedName: string;
  practiceName: string | null;
  impersonatorName: string | null;
}) {
  const stop = useStopImpersonating();
  const { enqueueSnackbar } = useSnackbar();
  const practice = props.practiceName ? ` (${props.practiceName})` : '';
  const impersonator = props.impersonatorName ? ` Impersonated by ${props.impersonatorName}.` : '';

  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="region"
      aria-label="Impersonation"
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={stop.isPending}
          onClick={() => {
            stop.mutate(undefined, {
              onSuccess: () => {
                window.location.assign(appHref(paths.admin.impersonate.getHref()));
              },
              onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
            });
          }}
        >
          Stop impersonating
        </Button>
      }
    >
      You are acting as {props.displayedName}
      {practice}.{impersonator}
    </Alert>
  );
}
