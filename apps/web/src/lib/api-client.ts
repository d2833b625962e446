import type { ErrorEnvelope } from '@openpractice/contracts';

import { apiPaths } from '../config/paths';
import { answerMessage, ApiError, isCsrfExpired, NETWORK_ERROR_MESSAGE } from './api-errors';

// The error vocabulary lives in api-errors.ts; these stay importable from here.
export { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './api-errors';

/** The error body the server sends for every non-2xx answer (the contracts' one envelope). */
export type ApiErrorBody = ErrorEnvelope;

export interface CsrfToken {
  token: string;
  headerName: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Query parameters; `undefined` and `null` values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the CSRF token; on by default for POST, PUT and DELETE. Sign-in needs none. */
  csrf?: boolean;
  /** Extra request headers, e.g. `x-background-request` for a poll that is not user activity. */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export interface ApiClientConfig {
  fetch?: typeof fetch;
}

export interface ObservedRequest {
  method: Method;
  path: string;
  /** Sent with `x-background-request` (a poll): not something the user is waiting for. */
  background: boolean;
}

/** Told when each request starts and ends, e.g. to drive the progress bar. */
export interface RequestObserver {
  start(request: ObservedRequest): void;
  /** `ok` is false for a failed request (an error answer or no answer); a cancelled one counts as ok. */
  end(request: ObservedRequest, ok: boolean): void;
}

/**
 * A small JSON client for the server's API: cookies are always sent, bodies are
 * JSON, and POST/PUT/DELETE carry the CSRF token in the header the server
 * names. The token is fetched once and cached; call `resetCsrfToken()` after
 * signing in or out. A 403 `csrf-expired` answer refetches it and retries once.
 */
export function createApiClient(config: ApiClientConfig = {}) {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let csrfToken: Promise<CsrfToken> | null = null;
  let observer: RequestObserver | null = null;

  async function send(method: Method, path: string, body: unknown, options: RequestOptions) {
    const headers = new Headers({ ...options.headers, accept: 'application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (options.csrf ?? method !== 'GET') {
      const { token, headerName } = await getCsrfToken();
      headers.set(headerName, token);
    }
    try {
      return await doFetch(withQuery(path, options.query), {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? null : JSON.stringify(body),
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
  }

  async function perform<T>(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<T> {
    let response = await send(method, path, body, options);
    let data = await readBody(response);
    if (method !== 'GET' && isCsrfExpired(response.status, data)) {
      resetCsrfToken();
      response = await send(method, path, body, options);
      data = await readBody(response);
    }
    if (!response.ok) {
      throw new ApiError(response.status, answerMessage(response.status, data), data);
    }
    return data as T;
  }

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const watcher = observer;
    if (!watcher) return perform<T>(method, path, body, options);
    const background = Object.keys(options.headers ?? {}).some(
      (name) => name.toLowerCase() === 'x-background-request',
    );
    const info: ObservedRequest = { method, path, background };
    watcher.start(info);
    try {
      const data = await perform<T>(method, path, body, options);
      watcher.end(info, true);
      return data;
    } catch (error) {
      watcher.end(info, options.signal?.aborted === true);
      throw error;
    }
  }

  function getCsrfToken(): Promise<CsrfToken> {
    csrfToken ??= request<CsrfToken>('GET', apiPaths.csrf, undefined).catch((error: unknown) => {
      csrfToken = null;
      throw error;
    });
    return csrfToken;
  }

  function resetCsrfToken(): void {
    csrfToken = null;
  }

  /** One observer at a time; `null` removes it. */
  function setRequestObserver(next: RequestObserver | null): void {
    observer = next;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    delete: <T>(path: string, options?: RequestOptions) =>
      request<T>('DELETE', path, undefined, options),
    getCsrfToken,
    resetCsrfToken,
    setRequestObserver,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's one client. */
export const api = createApiClient();
