import { ApiError } from '../../../lib/api-client';

/**
 * The spec's failure text, followed by the server's own message when it
 * tells the person what to do about it: a refused value (400), a conflict
 * such as "no email address yet" (409), a file refused (413, 415) or a mail
 * server that failed (502). Other failures show the spec's text alone.
 */
export function failureMessage(base: string, error: unknown): string {
  if (!(error instanceof ApiError)) return base;
  const actionable = [400, 409, 413, 415, 422, 502].includes(error.status);
  const detail = error.message.trim();
  return actionable && detail !== '' && detail !== base ? `${base} ${detail}` : base;
}

/** The field a refused value names (400 with `field`), if any. */
export function fieldOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.field : undefined;
}
