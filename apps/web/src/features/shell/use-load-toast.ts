import { SNACKBAR_COLOURS } from '@openpractice/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { useSnackbar } from '../../ui/snackbar/snackbar';

type ToastVariant = (typeof SNACKBAR_COLOURS)[number];

function toastVariant(value: string | null): ToastVariant {
  return SNACKBAR_COLOURS.find((colour) => colour === value) ?? 'info';
}

/**
 * Shows `?toast=` (coloured by `?toastType=`: success, info, warning or error;
 * info by default) once the page has loaded, then takes both out of the
 * address so a reload or a shared link does not repeat it.
 */
export function useLoadToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const toast = searchParams.get('toast');
  const toastType = searchParams.get('toastType');
  // React may run an effect twice in development; the same address shows its toast once.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (toast === null) {
      shown.current = null;
      return;
    }
    const key = `${toastType ?? ''}:${toast}`;
    if (shown.current === key) return;
    shown.current = key;
    if (toast !== '') enqueueSnackbar(toast, { variant: toastVariant(toastType) });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('toast');
        next.delete('toastType');
        return next;
      },
      { replace: true },
    );
  }, [toast, toastType, enqueueSnackbar, setSearchParams]);
}
