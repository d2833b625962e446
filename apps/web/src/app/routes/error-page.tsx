import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useRouteError } from 'react-router';

import { paths } from '../../config/paths';

/** The frame of every error page: a message and a Home link. */
export function ErrorPage({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', py: 8 }}>
      <Container maxWidth="sm">
        <Stack spacing={2}>
          {children}
          <Link component={RouterLink} to={paths.home.getHref()}>
            Home
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}

/** The root error boundary: any routing error that is not a missing page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <ErrorPage>
      <Typography component="h1" variant="h5">
        Oops! It looks like there&apos;s been a problem.
      </Typography>
      <Typography>Try again, or go back to the home page.</Typography>
    </ErrorPage>
  );
}
