/**
 * The status colours of the theme (app/theme.ts) as plain values, so code that must not load
 * MUI's styling engine (the toasts, loaded with the first message) uses the same colours.
 * Each keeps white text at WCAG AA contrast (4.5:1 or more).
 */
export const STATUS_COLOURS = {
  error: '#c62828',
  warning: '#a84300',
  info: '#0b6b8a',
  success: '#2e7d32',
} as const;
