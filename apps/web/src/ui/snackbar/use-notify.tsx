import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import {
  ERROR_TOAST_TIMEOUT_MS,
  LONG_ERROR_TOAST_TIMEOUT_MS,
  SNACKBAR_TIMEOUT_MS,
} from '@openpractice/domain';
import { useMemo } from 'react';

import { useSnackbar, type SnackbarKey } from './snackbar';

/** The four fixed snackbar colours (spec-1 §9). */
export type NotifyColour = 'success' | 'info' | 'warning' | 'error';

export interface NotifyOptions {
  /** Default 'info'. */
  variant?: NotifyColour;
  /**
   * How long it stays, in ms: default 3000, or 5000 for errors. `'long'` is
   * 8000; `null` keeps it until dismissed.
   */
  duration?: number | 'long' | null;
  /** A button on the snackbar, e.g. 'Try Again'; pressing it also closes the snackbar. */
  action?: { label: string; onClick: () => void };
}

export interface Notify {
  (message: string, options?: NotifyOptions): SnackbarKey;
  success(message: string, options?: Omit<NotifyOptions, 'variant'>): SnackbarKey;
  info(message: string, options?: Omit<NotifyOptions, 'variant'>): SnackbarKey;
  warning(message: string, options?: Omit<NotifyOptions, 'variant'>): SnackbarKey;
  error(message: string, options?: Omit<NotifyOptions, 'variant'>): SnackbarKey;
  close(key?: SnackbarKey): void;
}

/** The spec's timeouts: 3 s by default, 5 s for errors, 8 s when asked for a long one. */
export function snackbarDuration(
  variant: NotifyColour,
  duration: NotifyOptions['duration'],
): number | null {
  if (duration === null) return null;
  if (duration === 'long') return LONG_ERROR_TOAST_TIMEOUT_MS;
  if (duration !== undefined) return duration;
  return variant === 'error' ? ERROR_TOAST_TIMEOUT_MS : SNACKBAR_TIMEOUT_MS;
}

/**
 * Shows snackbars through notistack with the spec's timeouts and the theme's
 * colours (which keep white text at WCAG AA contrast, unlike notistack's own):
 *
 *     const notify = useNotify();
 *     notify.success('Settings saved.');
 *     notify.error('Unable to load client groups.', { action: { label: 'Try Again', onClick: refetch } });
 */
export function useNotify(): Notify {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { palette } = useTheme();

  return useMemo(() => {
    const show = (message: string, options: NotifyOptions = {}): SnackbarKey => {
      const variant = options.variant ?? 'info';
      const autoHideDuration = snackbarDuration(variant, options.duration);
      const { action } = options;
      return enqueueSnackbar(message, {
        variant,
        autoHideDuration,
        persist: autoHideDuration === null,
        style: {
          backgroundColor: palette[variant].main,
          color: palette[variant].contrastText,
        },
        action: action
          ? (key) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeSnackbar(key);
                  action.onClick();
                }}
              >
                {action.label}
              </Button>
            )
          : undefined,
      });
    };
    const withVariant =
      (variant: NotifyColour) =>
      (message: string, options: Omit<NotifyOptions, 'variant'> = {}) =>
        show(message, { ...options, variant });
    return Object.assign(show, {
      success: withVariant('success'),
      info: withVariant('info'),
      warning: withVariant('warning'),
      error: withVariant('error'),
      close: (key?: SnackbarKey) => {
        closeSnackbar(key);
      },
    });
  }, [enqueueSnackbar, closeSnackbar, palette]);
}
