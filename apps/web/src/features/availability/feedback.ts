import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { ApiError } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import { availabilityKeys } from './api/keys';

/**
 * The spec's failure text (spec-2 §8), followed by the server's reason when a
 * person can act on it: a refused value (400) or a clash such as overlapping
 * hours (409). Other failures show the spec's text alone.
 */
export function failureText(base: string, error: unknown): string {
  if (!(error instanceof ApiError) || ![400, 409].includes(error.status)) return base;
  const detail = error.message.trim();
  return detail !== '' && detail !== base ? `${base} ${detail}` : base;
}

/** A refused read (403): the page says access is denied (spec-2 §4). */
export function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The field a refused value names (400 with `field`), if any. */
export function refusedField(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.field : undefined;
}

/**
 * Toasts of the editor. `retry` adds the spec's Retry action, which reloads
 * everything the editor shows ("Retry reloads").
 */
export function useAvailabilityFeedback() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const reload = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    return {
      reload,
      saved: (message: string) => notify.success(message),
      failed: (message: string, error: unknown, options: { retry?: boolean } = {}) =>
        notify.error(
          failureText(message, error),
          options.retry ? { action: { label: 'Retry', onClick: () => void reload() } } : {},
        ),
    };
  }, [notify, queryClient]);
}
