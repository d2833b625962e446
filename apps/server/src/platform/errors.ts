import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { routeOf } from './log.ts';

/**
 * One error vocabulary for the API. Every failure leaves as
 * `{ status, message, field? }` with a message a person can act on.
 */
export const SERVER_ERROR_MESSAGE =
  'Something went wrong on our side. Please try again in a moment.';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly status: 'error' | 'csrf-expired' = 'error',
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'Permission denied') => new AppError(403, message);
export const notFound = (message = 'We could not find that.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const csrfExpired = () =>
  new AppError(
    403,
    'Your security token is missing or has expired. Reload the page and try again.',
    undefined,
    'csrf-expired',
  );

export type ErrorBody = { status: 'error' | 'csrf-expired'; message: string; field?: string };

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** The SQLSTATE of a PostgreSQL error, itself or as the cause of a drizzle error. */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The last line of defence: PostgreSQL refused a value that came from the
 * request (class 22 data exceptions: bad number, date, text or byte sequence,
 * a NUL, a value out of range or too long; 23514 a check; 54000 too long to
 * index). That is bad input, a 400, not a 500. The input guard should have
 * named the field first; a refusal here is logged so the gap gets closed.
 */
function inputRefusedByDatabase(error: unknown): string | null {
  const code = sqlStateOf(error);
  if (!code) return null;
  if (code.startsWith('22'))
    return 'A value in the request is out of range or not in the expected form.';
  if (code === '23514') return 'A value in the request is not allowed.';
  if (code === '54000') return 'A value in the request is too long.';
  return null;
}

/** Maps anything thrown to a status code and a body; never leaks internals on a 500. */
export function toErrorResponse(error: unknown): { statusCode: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { status: error.status, message: error.message };
    if (error.field) body.field = error.field;
    return { statusCode: error.statusCode, body };
  }
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const first = fe.validation[0];
    const field = first ? fieldOf(first.instancePath) : '';
    const where = fe.validationContext === 'body' ? '' : `${fe.validationContext ?? 'request'} `;
    const message = first
      ? field
        ? `${where}field '${field}': ${first.message}`
        : `${where}${first.message}`
      : 'The request is not valid.';
    return { statusCode: 400, body: { status: 'error', message, ...(field ? { field } : {}) } };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        statusCode: 400,
        body: { status: 'error', message: 'The request body is not valid JSON.' },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, body: { status: 'error', message: 'The request is too large.' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        statusCode: 415,
        body: { status: 'error', message: 'Send the request as application/json.' },
      };
    default:
      break;
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { statusCode: fe.statusCode, body: { status: 'error', message: fe.message } };
  }
  const refused = inputRefusedByDatabase(error);
  if (refused) return { statusCode: 400, body: { status: 'error', message: refused } };
  return {
    statusCode: 500,
    body: {
      status: 'error',
      message: SERVER_ERROR_MESSAGE,
    },
  };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toErrorResponse(error);
  // The err serializer (log.ts) keeps class, code and stack frames: never SQL parameters.
  if (statusCode >= 500)
    request.log.error({ err: error, route: routeOf(request) }, 'request failed');
  else if (sqlStateOf(error)) {
    request.log.warn(
      { err: error, route: routeOf(request) },
      'the database refused a value from the request',
    );
  }
  return reply.status(statusCode).send(body);
}
