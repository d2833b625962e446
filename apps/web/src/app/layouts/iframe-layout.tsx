import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

import { RequireSignIn } from '../../features/identity/require-sign-in';
import { AppTheme } from '../app-theme';

/** Pages under /iframe/, embedded in other pages: the page alone, no navigation around it. */
export function IframeLayout() {
  return (
    <AppTheme>
      <Box component="main" sx={{ p: 2 }}>
        <RequireSignIn>
          <Outlet />
        </RequireSignIn>
      </Box>
    </AppTheme>
  );
}
