import Typography from '@mui/material/Typography';

import { ErrorPage } from './error-page';

/** The catch-all route (spec-1 §2, Error pages). */
export function NotFoundPage() {
  return (
    <ErrorPage>
      <Typography component="h1" variant="h5">
        That&apos;s not a valid page.
      </Typography>
    </ErrorPage>
  );
}
