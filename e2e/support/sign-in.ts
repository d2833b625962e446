import { expect, type Page } from '@playwright/test';

import { appUrl, DEMO_PASSWORD, type DemoUser } from './demo';

/** Fills and submits the sign-in form on the page that is open (it must show it). */
export async function submitSignIn(
  page: Page,
  username: string,
  password: string,
  options: { keepSignedIn?: boolean } = {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  if (options.keepSignedIn) await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in as a demo user and opens `next` (an in-app path, default home). The sign-in form is
 * tested by the sign-in specs (submitSignIn); every other spec signs in through the same call
 * the form makes, on the page's own cookie jar, and so skips rendering the sign-in page first.
 */
export async function signInAs(
  page: Page,
  user: DemoUser,
  options: { next?: string; password?: string } = {},
): Promise<void> {
  const response = await page.request.post('/api/public/auth/doLogin', {
    data: {
      user_username: user,
      user_password: options.password ?? DEMO_PASSWORD,
      user_rememberme: 'remember_tillclose',
    },
  });
  expect(response.ok(), `sign-in as ${user}`).toBe(true);
  await page.goto(options.next ? `${appUrl.home}${options.next.replace(/^\//, '')}` : appUrl.home);
  await expect(page).not.toHaveURL(/\/public\/login/);
}
