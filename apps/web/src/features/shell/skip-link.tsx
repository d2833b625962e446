import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard reaches: a jump past the menus to the page itself. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        bgcolor: 'background.paper',
        p: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Link>
  );
}
