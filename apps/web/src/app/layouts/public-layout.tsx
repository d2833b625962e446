import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';

import { AppTheme } from '../app-theme';

/** Pages under /public/ but sign-in (app/login-route.tsx): no navigation, a narrow centred column. */
export function PublicLayout() {
  return (
    <AppTheme>
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 8 }}>
        <Container maxWidth="xs">
          <Outlet />
        </Container>
      </Box>
    </AppTheme>
  );
}
