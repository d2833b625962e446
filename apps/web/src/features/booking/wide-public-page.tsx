import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The public layout is a narrow column (sign-in, portal links); the
 * directory and the slot browser need room. This widens the page to at
 * most 1120 px, centred on the column, without changing the layout for
 * other public pages.
 */
export function WidePublicPage({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        width: 'min(1120px, calc(100vw - 48px))',
        position: 'relative',
        left: '50%',
        transform: 'translateX(-50%)',
      }}
    >
      {children}
    </Box>
  );
}
