import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatTime } from '@openpractice/domain';
import { useEffect } from 'react';

import { appHref, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useStopImpersonating } from './api';
import { useSnackbar } from '../../ui/snackbar/snackbar';

/** Longest wait setTimeout honours (about 24.8 days); support access is far shorter. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * While support staff act as a practice user: who they are acting as, when
 * that access ends, and the way back. At the end the server has already
 * returned the session to the support user, so the page goes back too.
 */
export function ImpersonationBanner(props: {
  displayedName: string;
  practiceName: string | null;
  impersonatorName: string | null;
  /** When support access ends (ISO time, from the identity). */
  endsAt: string | null;
}) {
  const stop = useStopImpersonating();
  const { enqueueSnackbar } = useSnackbar();
  const { endsAt } = props;
  const practice = props.practiceName ? ` (${props.practiceName})` : '';
  const impersonator = props.impersonatorName ? ` Impersonated by ${props.impersonatorName}.` : '';
  const ends = endsAt ? ` Support access ends at ${formatTime(endsAt)}.` : '';

  useEffect(() => {
    if (!endsAt) return;
    const wait = Math.min(Math.max(new Date(endsAt).getTime() - Date.now(), 0), MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => {
      window.location.assign(appHref(paths.admin.impersonate.getHref()));
    }, wait);
    return () => {
      window.clearTimeout(timer);
    };
  }, [endsAt]);

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
      {ends}
    </Alert>
  );
}
