import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';

/** Pages under /public/: no navigation, a narrow centred column. */
export function PublicLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 8 }}>
      <Container maxWidth="xs">
        <Outlet />
      </Container>
    </Box>
  );
}
