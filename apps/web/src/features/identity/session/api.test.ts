import type { ResponseOf } from '@openpractice/contracts';
import type { getCsrfToken, signOut } from '@openpractice/contracts/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { IDLE_SIGN_IN_HREF, signOutForInactivity } from './api';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOutForInactivity', () => {
  it('signs out on the server, then loads the sign-in page with reason=idle', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${input}`);
        return Promise.resolve(
          input === '/api/user/csrf'
            ? json(200, {
                token: 't',
                headerName: 'x-csrf-token',
              } satisfies ResponseOf<typeof getCsrfToken>)
            : json(200, { status: 'ok' } satisfies ResponseOf<typeof signOut>),
        );
      }),
    );
    const navigate = vi.fn();

    await signOutForInactivity(navigate);

    expect(calls).toContain('POST /api/logout');
    expect(navigate).toHaveBeenCalledWith('/n/public/login?reason=idle');
    expect(IDLE_SIGN_IN_HREF).toBe('/n/public/login?reason=idle');
  });

  it('still goes to the sign-in page when signing out fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const navigate = vi.fn();

    await signOutForInactivity(navigate);

    expect(navigate).toHaveBeenCalledWith('/n/public/login?reason=idle');
  });
});
