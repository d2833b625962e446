import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO_PASSWORD, type DemoUser } from './demo';

/** The demo practices' default inactivity lock; specs that change it put it back. */
export const DEFAULT_INACTIVITY_MINUTES = 60;

/** Signs `request` (its own cookie jar, e.g. the `request` fixture) in as a demo user. */
export async function signInByApi(request: APIRequestContext, user: DemoUser): Promise<void> {
  const response = await request.post('/api/public/auth/doLogin', {
    data: {
      user_username: user,
      user_password: DEMO_PASSWORD,
      user_rememberme: 'remember_tillclose',
    },
  });
  expect(response.ok(), `sign-in as ${user}`).toBe(true);
}

/**
 * Sets the signed-in user's practice inactivity lock through the API
 * (`page.request` shares the page's session; the user must be allowed to
 * change settings).
 */
export async function setInactivityLimit(
  request: APIRequestContext,
  minutes: number,
): Promise<void> {
  const csrf = await request.get('/api/user/csrf');
  expect(csrf.ok()).toBe(true);
  const { token, headerName } = (await csrf.json()) as { token: string; headerName: string };
  const response = await request.put('/api/practice/settings', {
    data: { inactivityLockoutMinutes: minutes },
    headers: { [headerName]: token },
  });
  expect(response.ok(), `set the inactivity lock to ${minutes} minutes`).toBe(true);
}

/** Signs in as `user` on a separate request context and puts the lock back to 60 minutes. */
export async function resetInactivityLimit(
  request: APIRequestContext,
  user: DemoUser,
): Promise<void> {
  await signInByApi(request, user);
  await setInactivityLimit(request, DEFAULT_INACTIVITY_MINUTES);
}

/** The practice's current lock, read with the page's session. */
export async function inactivityLimit(page: Page): Promise<number> {
  const response = await page.request.get('/api/practice/listPracticeSettings');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { inactivityLockoutMinutes: number } };
  return body.data.inactivityLockoutMinutes;
}
