import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useIdentity } from './api';

/**
 * Renders its children for a signed-in user; sends anybody else to the sign-in
 * page with `next` set to where they were (also when the session ends while a
 * page is open, e.g. after signing out).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  const location = useLocation();

  if (identity.isPending) return <PageSpinner />;
  if (identity.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void identity.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(identity.error)}
      </Alert>
    );
  }
  if (!identity.data.isAuthenticated) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.signIn.getHref({ next })} replace />;
  }
  return children;
}
