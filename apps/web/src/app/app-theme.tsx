import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { theme } from './theme';

/**
 * The app's MUI theme, given by each layout rather than around the whole app, so a page drawn
 * without MUI (sign-in) loads neither MUI nor Emotion (issue 14). The base styles CssBaseline
 * would add are in base.css.
 */
export function AppTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
