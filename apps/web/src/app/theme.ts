import { createTheme } from '@mui/material/styles';

/**
 * Colours chosen for WCAG 2.2 AA: every text colour has at least 4.5:1 contrast
 * on its background (primary #1559b0 on white 6.8:1, white on primary 6.8:1;
 * secondary text #5c5c5c on white 6.7:1), and input borders at least 3:1.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1559b0', contrastText: '#ffffff' },
    secondary: { main: '#6a1b9a', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    warning: { main: '#a84300' },
    info: { main: '#0b6b8a' },
    success: { main: '#2e7d32' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: '#5c5c5c' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
  },
  components: {
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: { borderColor: '#767676' },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
    },
  },
});
