import Typography from '@mui/material/Typography';

import { ErrorFrame } from './error-frame';

/** `/accessdenied`: where a guard sends a user without the role a page needs. */
export function AccessDeniedPage() {
  return (
    <ErrorFrame fullPage={false}>
      <Typography component="h1" variant="h4">
        Access denied
      </Typography>
      <Typography>You do not have permission to view that page.</Typography>
    </ErrorFrame>
  );
}
