import type { FastifyServerOptions } from 'fastify';

/**
 * What the application log may hold: a request id, the method and the route
 * pattern (`/api/storage/file/:token`, never the address with its ids or
 * tokens), the status, and of an error its class, code and stack frames.
 * Never a request body, a query string, SQL parameters, a client's name or
 * email, a session, CSRF or storage token (issue 13, finding 7). This holds at
 * every level, trace included: the serializers are the only way a request or
 * an error reaches a log line.
 */

type LoggedRequest = { method?: string; routeOptions?: { url?: string } };

/** The route a request matched, as its pattern; '(no route)' for a 404. */
export function routeOf(request: LoggedRequest): string {
  return request.routeOptions?.url ?? '(no route)';
}

function serializeRequest(request: LoggedRequest) {
  return { method: request.method, route: routeOf(request) };
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A database error: carries a SQLSTATE code, or the query and its parameters (drizzle). */
export function isDatabaseError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; query?: unknown; params?: unknown; severity?: unknown };
  return (
    'query' in e ||
    'params' in e ||
    (typeof e.code === 'string' && SQLSTATE.test(e.code) && 'severity' in e)
  );
}

/** Errors whose message we wrote ourselves (or Fastify did) and that quote no input. */
function hasSafeMessage(error: { name?: unknown; code?: unknown; statusCode?: unknown }): boolean {
  if (
    typeof error.code === 'string' &&
    error.code.startsWith('FST_') &&
    error.code !== 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return true;
  }
  return (
    error.name === 'AppError' && typeof error.statusCode === 'number' && error.statusCode >= 500
  );
}

/** Only the frames of a stack: its first line repeats the message, which may quote input. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/**
 * An error as the log may show it: class, code, status and stack frames, the
 * cause the same way (a drizzle error's cause is the PostgreSQL error with
 * its SQLSTATE). Never the message of a database error (it quotes values), its
 * `query` or `params`.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const e = error as {
    name?: unknown;
    code?: unknown;
    statusCode?: unknown;
    message?: unknown;
    stack?: unknown;
    cause?: unknown;
  };
  // Null-prototype objects have no constructor.
  const constructorName = (error as { constructor?: { name?: string } }).constructor?.name;
  const out: Record<string, unknown> = { type: constructorName ?? 'Object' };
  if (typeof e.name === 'string' && e.name !== out.type) out.name = e.name;
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (!isDatabaseError(error) && hasSafeMessage(e) && typeof e.message === 'string') {
    out.message = e.message.slice(0, 300);
  }
  const stack = framesOf(e.stack);
  if (stack && depth === 0) out.stack = stack;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

// A signed storage address carries its grant in the path; a query string may carry search text.
const STORAGE_PATH = /(\/api\/storage\/(?:upload|file)\/)[^\s"'?/]+/g;
const QUERY = /(\/api\/[^\s"'?]*)\?[^\s"']*/g;

/** Scrubs the few places where Fastify itself writes an address into a message. */
export function scrubText(text: string): string {
  return text.replace(STORAGE_PATH, '$1:token').replace(QUERY, '$1');
}

/** The logger options for `Fastify({ logger })`. */
export function loggerOptions(options: {
  level: string;
  stream?: { write(line: string): void };
}): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: options.level,
    serializers: {
      req: serializeRequest,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => serializeError(error),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)),
        );
      },
    },
    ...(options.stream ? { stream: options.stream } : {}),
  } as unknown as NonNullable<FastifyServerOptions['logger']>;
}
