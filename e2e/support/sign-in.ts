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
 * Signs in as a demo user from the sign-in page and waits for the app to
 * leave it. `next` is the in-app path to land on (default home).
 */
export async function signInAs(
  page: Page,
  user: DemoUser,
  options: { next?: string; password?: string } = {},
): Promise<void> {
  const query = options.next ? `?next=${encodeURIComponent(options.next)}` : '';
  await page.goto(`${appUrl.signIn}${query}`);
  await submitSignIn(page, user, options.password ?? DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/public\/login/);
}
