import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { hostLiteral, isFetchableScheme, isPublicAddress } from './public-address.ts';

/**
 * The one way the server fetches an address a user gave it (security finding
 * 13.8: external calendars today, anything user-given later). GET over http or
 * https only, to public addresses only:
 *
 * - each hop's host is resolved once, every address is checked, and the socket
 *   connects to exactly that checked address (a `lookup` function handed to
 *   node:http/https), so DNS cannot answer differently between check and
 *   connect; a literal IP host is checked before any connection;
 * - every redirect (at most 3) is checked again from the start;
 * - the whole exchange, redirects and body included, has one time limit (10 s)
 *   and the body one size limit (5 MB), counted as it arrives;
 * - every failure is the same SafeFetchError to the caller's user: its
 *   `reason` is for tests and callers' logic, never for display, and neither
 *   it nor its message holds the address or host (addresses can be secrets).
 */

export const SAFE_FETCH_TIMEOUT_MS = 10_000;
export const SAFE_FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const SAFE_FETCH_MAX_REDIRECTS = 3;

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses; the system resolver by default. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/**
 * What an app lets its outbound fetches do. Production sets none of it (the
 * defaults are the limits above and the system resolver); tests shorten the
 * limits, inject a resolver, and name their own local listeners.
 */
export type SafeFetchPolicy = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolver;
  /**
   * Exact `host:port` pairs (as the URL writes them, e.g. `127.0.0.1:41234`)
   * exempt from the public-address rule. For tests that serve from this
   * machine; never read from the environment.
   */
  allowPrivate?: readonly string[];
};

export type SafeFetchReason =
  | 'invalid'
  | 'scheme'
  | 'refused'
  | 'unresolved'
  | 'redirects'
  | 'status'
  | 'too-large'
  | 'timeout'
  | 'network';

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(readonly reason: SafeFetchReason) {
    super(`The outbound fetch failed (${reason}).`);
  }
}

export type SafeFetchResponse = { body: Buffer; contentType: string | undefined };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

function parseFetchable(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new SafeFetchError('invalid');
  }
  if (!isFetchableScheme(url)) throw new SafeFetchError('scheme');
  return url;
}

function isExempt(url: URL, policy: SafeFetchPolicy): boolean {
  if (!policy.allowPrivate?.length) return false;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return policy.allowPrivate.includes(`${url.hostname}:${port}`);
}

/**
 * A `lookup` for the socket: resolves once, refuses the hop if any address
 * is not public, and hands the socket only the addresses it checked.
 */
function guardedLookup(resolve: Resolver, exempt: boolean): LookupFunction {
  const checked = async (hostname: string, family: number | undefined) => {
    const found = await resolve(hostname).catch(() => {
      throw new SafeFetchError('unresolved');
    });
    if (found.length === 0) throw new SafeFetchError('unresolved');
    if (!exempt && !found.every((a) => isPublicAddress(a.address))) {
      throw new SafeFetchError('refused');
    }
    const usable = family ? found.filter((a) => a.family === family) : found;
    if (usable.length === 0) throw new SafeFetchError('unresolved');
    return usable;
  };
  return (hostname, options, callback) => {
    const family =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family || undefined;
    checked(hostname, family).then(
      (usable) => {
        const [first] = usable;
        if (options.all) callback(null, [...usable]);
        else if (first) callback(null, first.address, first.family);
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '');
      },
    );
  };
}

type Hop = { redirect: string } | SafeFetchResponse | SafeExchangeResponse;

/**
 * Reads the body into `done`, or calls `fail` once it passes `maxBytes`. The
 * callbacks settle the hop synchronously, before the socket's own close error
 * (queued when the response is destroyed) can claim a different reason.
 */
function readBody(
  response: IncomingMessage,
  maxBytes: number,
  done: (response: SafeFetchResponse) => void,
  fail: (error: Error) => void,
): void {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    fail(new SafeFetchError('too-large'));
    response.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  response.on('data', (chunk: Buffer) => {
    total += chunk.byteLength;
    if (total > maxBytes) {
      fail(new SafeFetchError('too-large'));
      response.destroy();
      return;
    }
    chunks.push(chunk);
  });
  response.on('end', () => {
    done({ body: Buffer.concat(chunks), contentType: response.headers['content-type'] });
  });
  response.on('error', fail);
  response.on('aborted', () => {
    fail(new SafeFetchError('network'));
  });
}

/** A request other than a plain GET (safeExchange): its method and body; any status is answered. */
type Exchange = { method: 'GET' | 'POST'; body?: string };

function requestHop(
  url: URL,
  policy: SafeFetchPolicy,
  headers: Record<string, string>,
  signal: AbortSignal,
  exchange?: Exchange,
): Promise<Hop> {
  const exempt = isExempt(url, policy);
  const literal = hostLiteral(url);
  // A literal IP never goes through `lookup`: check it here.
  if (literal !== null && !exempt && !isPublicAddress(literal)) {
    return Promise.reject(new SafeFetchError('refused'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: literal ?? url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: exchange?.method ?? 'GET',
        headers,
        // A fresh connection per hop: no pooled socket to an address checked for another host.
        agent: false,
        lookup: guardedLookup(policy.resolve ?? systemResolver, exempt),
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (exchange) {
          // The caller reads the status itself and follows no redirect.
          const answer = (body: SafeFetchResponse) => {
            resolve({ ...body, status, headers: response.headers });
          };
          readBody(response, policy.maxBytes ?? SAFE_FETCH_MAX_BYTES, answer, reject);
          return;
        }
        if (REDIRECTS.has(status)) {
          const location = response.headers.location;
          if (location) resolve({ redirect: location });
          else reject(new SafeFetchError('status'));
          response.destroy();
          return;
        }
        if (status < 200 || status > 299) {
          // The body of a failed answer is never read, let alone echoed.
          reject(new SafeFetchError('status'));
          response.destroy();
          return;
        }
        readBody(response, policy.maxBytes ?? SAFE_FETCH_MAX_BYTES, resolve, reject);
      },
    );
    request.on('error', reject);
    request.end(exchange?.body);
  });
}

/** GETs a user-given address under the rules above; throws SafeFetchError. */
export async function safeFetch(
  address: string,
  options: SafeFetchPolicy & { headers?: Record<string, string> } = {},
): Promise<SafeFetchResponse> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS);
  const headers = { 'accept-encoding': 'identity', ...options.headers };
  try {
    let url = parseFetchable(address);
    for (let redirects = 0; ; redirects++) {
      const hop = await requestHop(url, options, headers, controller.signal);
      if (!('redirect' in hop)) return hop;
      if (redirects >= maxRedirects) throw new SafeFetchError('redirects');
      url = parseFetchable(hop.redirect, url);
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError('timeout');
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network');
  } finally {
    clearTimeout(timer);
  }
}

export type SafeExchangeResponse = SafeFetchResponse & {
  status: number;
  headers: IncomingHttpHeaders;
};

/**
 * One request to a user-given address under the same address, time and size
 * rules, for protocols that must read every answer (an OpenID provider's token
 * endpoint answers errors in its body): any method and status, no redirects
 * followed (a 3xx is returned as it is). Throws SafeFetchError.
 */
export async function safeExchange(
  address: string,
  options: SafeFetchPolicy & Exchange & { headers?: Record<string, string> },
): Promise<SafeExchangeResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS);
  const headers = { 'accept-encoding': 'identity', ...options.headers };
  const exchange: Exchange = {
    method: options.method,
    ...(options.body === undefined ? {} : { body: options.body }),
  };
  try {
    const url = parseFetchable(address);
    const hop = await requestHop(url, options, headers, controller.signal, exchange);
    if ('redirect' in hop || !('status' in hop)) throw new SafeFetchError('network');
    return hop;
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError('timeout');
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network');
  } finally {
    clearTimeout(timer);
  }
}
