import { describe, expect, it, vi } from 'vitest';

import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client';

type Handler = (url: string, init: RequestInit) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake server: records every call and answers with `handler`. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return Promise.resolve(handler(url, init));
  });
  return { fetch, calls };
}

describe('api client', () => {
  it('sends cookies and parses JSON on a GET, with no CSRF token', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { isAuthenticated: false }));
    const api = createApiClient({ fetch });

    await expect(api.get('/api/user/identity')).resolves.toEqual({ isAuthenticated: false });
    expect(calls).toHaveLength(1);
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(calls[0]?.headers.get('x-csrf-token')).toBeNull();
  });

  it('fetches the CSRF token once and sends it in the header the server names', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/user/csrf')
        return json(200, { token: `t${++issued}`, headerName: 'x-csrf-token' });
      return json(200, { status: 'ok' });
    });
    const api = createApiClient({ fetch });

    await api.post('/api/things', { a: 1 });
    await api.put('/api/things/1', { a: 2 });
    await api.delete('/api/things/1');

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/user/csrf',
      'POST /api/things',
      'PUT /api/things/1',
      'DELETE /api/things/1',
    ]);
    expect(calls.slice(1).map((c) => c.headers.get('x-csrf-token'))).toEqual(['t1', 't1', 't1']);
    expect(calls[1]?.headers.get('content-type')).toBe('application/json');
    expect(calls[1]?.body).toEqual({ a: 1 });
  });

  it('shares one CSRF request between concurrent mutations', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url === '/api/user/csrf'
        ? json(200, { token: 't', headerName: 'x-csrf-token' })
        : json(200, { status: 'ok' }),
    );
    const api = createApiClient({ fetch });

    await Promise.all([api.post('/api/a'), api.post('/api/b')]);

    expect(calls.filter((c) => c.url === '/api/user/csrf')).toHaveLength(1);
  });

  it('refetches the token and retries once on a 403 csrf-expired', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url === '/api/user/csrf')
        return json(200, { token: `t${++issued}`, headerName: 'x-csrf-token' });
      const sent = new Headers(init.headers).get('x-csrf-token');
      return sent === 't2'
        ? json(200, { status: 'ok' })
        : json(403, { status: 'csrf-expired', message: 'Your session changed.' });
    });
    const api = createApiClient({ fetch });

    await expect(api.post('/api/things')).resolves.toEqual({ status: 'ok' });
    expect(
      calls.map((c) => `${c.method} ${c.url} ${c.headers.get('x-csrf-token') ?? '-'}`),
    ).toEqual([
      'GET /api/user/csrf -',
      'POST /api/things t1',
      'GET /api/user/csrf -',
      'POST /api/things t2',
    ]);
  });

  it('gives up with the server message when the retry is also refused', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url === '/api/user/csrf'
        ? json(200, { token: 't', headerName: 'x-csrf-token' })
        : json(403, { status: 'csrf-expired', message: 'Please reload the page.' }),
    );
    const api = createApiClient({ fetch });

    const error = await api.post('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Please reload the page.' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('does not retry a plain 403', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url === '/api/user/csrf'
        ? json(200, { token: 't', headerName: 'x-csrf-token' })
        : json(403, { status: 'error', message: 'You may not do that.' }),
    );
    const api = createApiClient({ fetch });

    await expect(api.post('/api/things')).rejects.toMatchObject({
      status: 403,
      message: 'You may not do that.',
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('sends no token when told not to (sign-in)', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(401, {
        status: 'error',
        message: 'Wrong username or password.',
        field: 'user_password',
      }),
    );
    const api = createApiClient({ fetch });

    const error = await api
      .post('/api/public/auth/doLogin', { user_username: 'x' }, { csrf: false })
      .catch((e: unknown) => e);
    expect(calls.map((c) => c.url)).toEqual(['/api/public/auth/doLogin']);
    expect(error).toMatchObject({
      status: 401,
      message: 'Wrong username or password.',
      field: 'user_password',
    });
  });

  it('fetches a new token after resetCsrfToken (signing in or out)', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch((url) =>
      url === '/api/user/csrf'
        ? json(200, { token: `t${++issued}`, headerName: 'x-csrf-token' })
        : json(200, {}),
    );
    const api = createApiClient({ fetch });

    await api.post('/api/a');
    api.resetCsrfToken();
    await api.post('/api/b');

    expect(
      calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('x-csrf-token')),
    ).toEqual(['t1', 't2']);
  });

  it('reports an unreachable server as status 0 with a message a person can act on', async () => {
    const api = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });

    await expect(api.get('/api/user/identity')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    const api = createApiClient({
      fetch: () => Promise.resolve(new Response('Bad gateway', { status: 502 })),
    });

    await expect(api.get('/api/user/identity')).rejects.toMatchObject({
      status: 502,
      message: 'The request failed (status 502).',
    });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, []));
    const api = createApiClient({ fetch });

    await api.get('/api/patients', { query: { search: 'ann lee', limit: 21, context: undefined } });

    expect(calls[0]?.url).toBe('/api/patients?search=ann+lee&limit=21');
  });
});

describe('api client request observer', () => {
  function observe() {
    const events: string[] = [];
    return {
      events,
      observer: {
        start: (r: { method: string; path: string; background: boolean }) => {
          events.push(`start ${r.method} ${r.path}${r.background ? ' (background)' : ''}`);
        },
        end: (r: { method: string; path: string }, ok: boolean) => {
          events.push(`end ${r.method} ${r.path} ${ok ? 'ok' : 'failed'}`);
        },
      },
    };
  }

  it('is told when each request starts and ends, and whether it succeeded', async () => {
    const { fetch } = fakeFetch((url) =>
      url === '/api/bad' ? json(500, { status: 'error', message: 'Boom.' }) : json(200, {}),
    );
    const api = createApiClient({ fetch });
    const { events, observer } = observe();
    api.setRequestObserver(observer);

    await api.get('/api/good');
    await api.get('/api/bad').catch(() => undefined);

    expect(events).toEqual([
      'start GET /api/good',
      'end GET /api/good ok',
      'start GET /api/bad',
      'end GET /api/bad failed',
    ]);
  });

  it('reports an unreachable server as failed, a cancelled request as ok, and marks polls', async () => {
    const api = createApiClient({
      fetch: (_input, init) =>
        init?.signal?.aborted
          ? Promise.reject(new DOMException('Aborted', 'AbortError'))
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    const { events, observer } = observe();
    api.setRequestObserver(observer);

    await api.get('/api/down').catch(() => undefined);
    const controller = new AbortController();
    controller.abort();
    await api.get('/api/cancelled', { signal: controller.signal }).catch(() => undefined);
    await api.get('/api/poll', { headers: { 'x-background-request': '1' } }).catch(() => undefined);

    expect(events).toEqual([
      'start GET /api/down',
      'end GET /api/down failed',
      'start GET /api/cancelled',
      'end GET /api/cancelled ok',
      'start GET /api/poll (background)',
      'end GET /api/poll failed',
    ]);
  });

  it('stops telling once the observer is removed', async () => {
    const { fetch } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch });
    const { events, observer } = observe();
    api.setRequestObserver(observer);
    api.setRequestObserver(null);

    await api.get('/api/good');

    expect(events).toEqual([]);
  });
});
