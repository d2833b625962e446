import { createTheme } from '@mui/material/styles';

import { STATUS_COLOURS } from '../ui/status-colours';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3). Read once, when the app
 * loads: a change of the setting applies from the next page load.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * For someone who asked for less motion, dialogs, menus and drawers appear and go at once and
 * buttons draw no ripple: the same states, without the movement between them.
 */
export function motionOptions(reduced: boolean) {
  if (!reduced) return {};
  const none = 0;
  return {
    transitions: {
      create: () => 'none',
      getAutoHeightDuration: () => none,
      duration: {
        shortest: none,
        shorter: none,
        short: none,
        standard: none,
        complex: none,
        enteringScreen: none,
        leavingScreen: none,
      },
    },
  };
}

const reducedMotion = prefersReducedMotion();

/**
 * Colours chosen for WCAG 2.2 AA: every text colour has at least 4.5:1 contrast
 * on its background (primary #1559b0 on white 6.8:1, white on primary 6.8:1;
 * secondary text #5c5c5c on white 6.7:1), and input borders at least 3:1.
 */
export const theme = createTheme({
  ...motionOptions(reducedMotion),
  palette: {
    mode: 'light',
    primary: { main: '#1559b0', contrastText: '#ffffff' },
    secondary: { main: '#6a1b9a', contrastText: '#ffffff' },
    error: { main: STATUS_COLOURS.error },
    warning: { main: STATUS_COLOURS.warning },
    info: { main: STATUS_COLOURS.info },
    success: { main: STATUS_COLOURS.success },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: '#5c5c5c' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
  },
  components: {
    MuiButtonBase: {
      defaultProps: { disableRipple: reducedMotion },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: { borderColor: '#767676' },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
    },
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }) => ({
          // A form around title, content and actions (the usual dialog form) passes the
          // paper's column on, so the content scrolls and the buttons stay in view.
          '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
          // Phones (issue 15): every dialog fits the screen's width, edge to edge.
          [theme.breakpoints.down('sm')]: {
            margin: 0,
            width: '100%',
            maxWidth: '100%',
            maxHeight: '100%',
            borderRadius: 0,
          },
        }),
        // A form dialog (fullWidth) is the whole screen on a phone, as a page would be.
        paperFullWidth: ({ theme }) => ({
          [theme.breakpoints.down('sm')]: { height: '100%' },
        }),
      },
    },
  },
});
