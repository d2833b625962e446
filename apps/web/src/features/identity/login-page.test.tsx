import type { ResponseOf } from '@openpractice/contracts';
import type { getIdentity, signIn } from '@openpractice/contracts/identity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths, paths } from '../../config/paths';
import { SIGNED_OUT_IDENTITY } from './api';
import { DEMO_MODE_MESSAGE, IDLE_SIGN_OUT_MESSAGE, LoginPage } from './login-page';

const SIGNED_IN = {
  ...SIGNED_OUT_IDENTITY,
  isAuthenticated: true,
  id: 7,
  practiceId: 1,
  type: 'staff',
  professionalName: 'Dana Reyes, LCSW',
  authorities: ['customer.therapist'],
} satisfies ResponseOf<typeof getIdentity>;
const SIGNED_IN_ANSWER = { status: 'ok', identity: SIGNED_IN } satisfies ResponseOf<typeof signIn>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server as the page sees it: signed out, and `doLogin` answers with `signInAnswer`. */
function stubServer(signInAnswer: () => Response) {
  const signInBodies: unknown[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === apiPaths.identity) return Promise.resolve(json(200, SIGNED_OUT_IDENTITY));
    if (url === apiPaths.signIn) {
      signInBodies.push(JSON.parse(init.body as string));
      return Promise.resolve(signInAnswer());
    }
    return Promise.resolve(json(404, { status: 'error', message: `No stub for ${url}` }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, signInBodies };
}

function renderAt(url: string, demoMode = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: paths.auth.signIn.path, element: <LoginPage demoMode={demoMode} /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/calendar', element: <h1>Calendar page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function fillIn(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('warns that a demo database has published passwords, and says nothing otherwise', async () => {
    stubServer(() => json(200, SIGNED_IN_ANSWER));
    renderAt(paths.auth.signIn.getHref(), true);
    expect((await screen.findByRole('note')).textContent).toBe(DEMO_MODE_MESSAGE);
    cleanup();
    renderAt(paths.auth.signIn.getHref());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('requires a username and password before calling the server', async () => {
    const { signInBodies } = stubServer(() => json(200, SIGNED_IN_ANSWER));
    renderAt(paths.auth.signIn.getHref());

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findAllByText('This is required.')).toHaveLength(2);
    expect(signInBodies).toEqual([]);
  });

  it('shows the server message in an alert when sign-in fails', async () => {
    stubServer(() =>
      json(401, { status: 'error', message: 'Your username or password is wrong.' }),
    );
    renderAt(paths.auth.signIn.getHref());

    fillIn(/username/i, 'therapist2');
    fillIn(/password/i, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your username or password is wrong.');
  });

  it('signs in for this browser session by default and goes to next', async () => {
    const { signInBodies } = stubServer(() => json(200, SIGNED_IN_ANSWER));
    const router = renderAt(paths.auth.signIn.getHref({ next: '/calendar' }));

    fillIn(/username/i, ' therapist2 ');
    fillIn(/password/i, 'DemoPass!2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Calendar page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar');
    expect(signInBodies).toEqual([
      {
        user_username: 'therapist2',
        user_password: 'DemoPass!2026',
        user_rememberme: 'remember_tillclose',
      },
    ]);
  });

  it('asks to be remembered when "Keep me signed in" is ticked, and ignores an outside next', async () => {
    const { signInBodies } = stubServer(() => json(200, SIGNED_IN_ANSWER));
    renderAt(paths.auth.signIn.getHref({ next: '//evil.example/' }));

    fillIn(/username/i, 'therapist2');
    fillIn(/password/i, 'DemoPass!2026');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    await waitFor(() => {
      expect(signInBodies).toMatchObject([{ user_rememberme: 'remember_me' }]);
    });
  });

  it('says why when the user was signed out for inactivity', async () => {
    stubServer(() => json(200, SIGNED_IN_ANSWER));
    renderAt(paths.auth.signIn.getHref({ reason: 'idle' }));

    expect(await screen.findByText(IDLE_SIGN_OUT_MESSAGE)).toBeTruthy();
  });
});
