import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';

/**
 * The frame of every error page: the message and a Home link. `fullPage`
 * outside the navigation shell (it then holds the page's main landmark);
 * inside it, just the content.
 */
export function ErrorFrame({ children, fullPage }: { children: ReactNode; fullPage: boolean }) {
  const content = (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {children}
      <Link component={RouterLink} to={paths.home.getHref()}>
        Home
      </Link>
    </Stack>
  );
  if (!fullPage) return <Box sx={{ maxWidth: 640 }}>{content}</Box>;
  return (
    <Box component="main" sx={{ minHeight: '100vh', py: 8 }}>
      <Container maxWidth="sm">{content}</Container>
    </Box>
  );
}
