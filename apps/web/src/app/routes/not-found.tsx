import Typography from '@mui/material/Typography';

import { AppTheme } from '../app-theme';
import { ErrorFrame } from './error-frame';

export const NOT_FOUND_MESSAGE = "That's not a valid page.";

/** A missing page (spec-1 §2, Error pages). */
export function NotFoundPage({ fullPage = true }: { fullPage?: boolean }) {
  return (
    <ErrorFrame fullPage={fullPage}>
      <Typography component="h1" variant="h5">
        {NOT_FOUND_MESSAGE}
      </Typography>
    </ErrorFrame>
  );
}

/** An address no page matches: a whole page, outside the layouts, so it brings the theme. */
export function NotFoundRoute() {
  return (
    <AppTheme>
      <NotFoundPage />
    </AppTheme>
  );
}
