import { ApiError, failureOf, withServerReason, type Failure } from '../../../../lib/api-errors';

/**
 * The failures a person can act on from the profile, so the server's reason follows the
 * spec's text: a refused value, a conflict such as "no email address yet", a file refused
 * or a mail server that failed. Other failures show the spec's text alone.
 */
const ACTIONABLE: readonly Failure[] = [
  'invalid',
  'conflict',
  'too-large',
  'unsupported-type',
  'unprocessable',
  'bad-gateway',
];

export function failureMessage(base: string, error: unknown): string {
  return withServerReason(base, error, ACTIONABLE);
}

/** The field a refused value names (400 with `field`), if any. */
export function fieldOf(error: unknown): string | undefined {
  return error instanceof ApiError && failureOf(error) === 'invalid' ? error.field : undefined;
}
