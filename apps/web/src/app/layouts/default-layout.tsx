import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';

import { RequireSignIn } from '../../features/identity/require-sign-in';

/**
 * Signed-in pages. The top bar, side navigation and inactivity timer of the
 * full shell (spec-1 §2) will live here.
 */
export function DefaultLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 4 }}>
      <Container maxWidth="lg">
        <RequireSignIn>
          <Outlet />
        </RequireSignIn>
      </Container>
    </Box>
  );
}
