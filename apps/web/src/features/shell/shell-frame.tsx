import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * Height of the bottom navbar, so the page can leave room for it. Here rather than in
 * bottom-nav.tsx, whose code loads only on small screens: importing it from there put the
 * bottom navbar in every signed-in page's first load.
 */
export const BOTTOM_NAV_HEIGHT = 56;

/**
 * The arrangement of a signed-in page: an optional banner, the top bar, the
 * side navigation beside the page, and on small screens a bottom navbar.
 */
export function ShellFrame(props: {
  banner?: ReactNode;
  topBar: ReactNode;
  sideNav?: ReactNode;
  bottomNav?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {props.banner}
      {props.topBar}
      <Box sx={{ display: 'flex', flexGrow: 1, alignItems: 'flex-start' }}>
        {props.sideNav}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            p: { xs: 2, sm: 3 },
            pb: props.bottomNav ? `${BOTTOM_NAV_HEIGHT + 24}px` : undefined,
            outline: 'none',
          }}
        >
          {props.children}
        </Box>
      </Box>
      {props.bottomNav}
    </Box>
  );
}
