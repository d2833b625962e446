import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { APP_BASENAME, paths } from '../../config/paths';

const APP_LOGO_SRC = `${APP_BASENAME}favicon.svg`;

/** The logo in the top bar, linking home: the practice's logo for clients when it has one. */
export function AppLogo({
  practiceLogo,
}: {
  /** `iconUrl`: the practice's square icon, shown instead of the banner on narrow screens. */
  practiceLogo: { url: string; iconUrl?: string | null; name: string } | null;
}) {
  return (
    <Link
      component={RouterLink}
      to={paths.home.getHref()}
      underline="none"
      color="inherit"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}
    >
      {practiceLogo ? (
        <Box component="picture" sx={{ display: 'flex' }}>
          {practiceLogo.iconUrl && (
            <source media="(max-width: 599.95px)" srcSet={practiceLogo.iconUrl} />
          )}
          <Box
            component="img"
            src={practiceLogo.url}
            alt={practiceLogo.name}
            sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }}
          />
        </Box>
      ) : (
        <>
          <Box
            component="img"
            src={APP_LOGO_SRC}
            alt="OpenPractice"
            sx={{ width: 32, height: 32 }}
          />
          {/* The image's text already names the link; the word is for the eye only. */}
          <Box
            component="span"
            aria-hidden
            sx={{ fontWeight: 600, fontSize: '1.1rem', display: { xs: 'none', sm: 'inline' } }}
          >
            OpenPractice
          </Box>
        </>
      )}
    </Link>
  );
}
