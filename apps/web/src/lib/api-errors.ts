import type { ErrorEnvelope } from '@openpractice/contracts';
import {
  ERROR_TOAST_TIMEOUT_MS,
  LONG_ERROR_TOAST_TIMEOUT_MS,
  SNACKBAR_TIMEOUT_MS,
} from '@openpractice/domain';

/**
 * The web's one error vocabulary (issue 14 item 1): what a failed call means,
 * named once from the answer's status, the message a person reads, and how long
 * its snackbar stays (spec-1 §8, §9).
 */

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the server. Check your connection and try again.";
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** What a failure means, by the status of the answer (0: no answer at all). */
export type Failure =
  | 'no-answer'
  | 'invalid'
  | 'signed-out'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'unprocessable'
  | 'refused'
  | 'bad-gateway'
  | 'unavailable'
  | 'server'
  | 'unknown';

const FAILURE_BY_STATUS: Readonly<Record<number, Failure>> = {
  0: 'no-answer',
  400: 'invalid',
  401: 'signed-out',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-type',
  422: 'unprocessable',
  502: 'bad-gateway',
  503: 'unavailable',
};

/** A non-2xx answer (or no answer at all: `status` 0), with the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    this.field = isErrorEnvelope(body) ? body.field : undefined;
  }
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
  );
}

/** The server's answer to a stale CSRF token: refetch the token and retry once. */
export function isCsrfExpired(status: number, body: unknown): boolean {
  return (
    status === 403 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'csrf-expired'
  );
}

/** The message of a failed answer: the envelope's, else one naming the status. */
export function answerMessage(status: number, body: unknown): string {
  return isErrorEnvelope(body) ? body.message : `The request failed (status ${status}).`;
}

export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'unknown';
  const named = FAILURE_BY_STATUS[error.status];
  if (named) return named;
  if (error.status >= 400 && error.status < 500) return 'refused';
  return 'server';
}

/** A refusal (4xx): the same request will be refused again, so it is not retried. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A message a person can act on, from anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/**
 * The spec's text for a failure, followed by the server's own message when the
 * failure is one of `actionable` (the ones a person can do something about here).
 */
export function withServerReason(
  base: string,
  error: unknown,
  actionable: readonly Failure[],
): string {
  if (!(error instanceof ApiError) || !actionable.includes(failureOf(error))) return base;
  const detail = error.message.trim();
  return detail !== '' && detail !== base ? `${base} ${detail}` : base;
}

/** How long a snackbar stays, in ms (spec-1 §9): 3 s, errors 5 s, long errors 8 s. */
export const SNACKBAR_DURATION_MS = {
  default: SNACKBAR_TIMEOUT_MS,
  error: ERROR_TOAST_TIMEOUT_MS,
  longError: LONG_ERROR_TOAST_TIMEOUT_MS,
} as const;

/** The snackbar of a failed call: its message, colour and duration. */
export function errorToast(error: unknown): {
  message: string;
  variant: 'error';
  autoHideDuration: number;
} {
  return {
    message: errorMessage(error),
    variant: 'error',
    autoHideDuration: SNACKBAR_DURATION_MS.error,
  };
}
