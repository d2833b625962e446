import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl, DEMO_PASSWORD } from './support/demo';
import { collectPageErrors } from './support/page-errors';
import { signOut } from './support/shell';
import { signInAs, submitSignIn } from './support/sign-in';

test.describe('signing in and out', () => {
  test('a signed-out visitor is sent to sign in, then back to where they were', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto(appUrl.home);

    await expect(page).toHaveURL(/\/n\/public\/login\?next=%2F$/);
    await submitSignIn(page, 'therapist2', DEMO_PASSWORD);

    await expect(page.getByRole('heading', { name: /Hi, .+!/ })).toBeVisible();
    await expect(page).toHaveURL(/\/n\/$/);

    await signOut(page);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/n\/public\/login/);

    // The session is gone on the server too: home sends us back to sign in.
    await page.goto(appUrl.home);
    await expect(page).toHaveURL(/\/n\/public\/login/);
    expect(errors, 'no script errors or CSP refusals').toEqual([]);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto(appUrl.signIn);
    await submitSignIn(page, 'therapist2', 'not-the-password');

    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toBeEmpty();
    await expect(page).toHaveURL(/\/n\/public\/login/);
  });

  test('an unknown page says so and links home', async ({ page }) => {
    await page.goto('/n/no/such/page');

    await expect(page.getByText("That's not a valid page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('the sign-in and home pages have no serious or critical axe violations', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(appUrl.signIn);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await signInAs(page, 'therapist2');
      await expect(page.getByRole('heading', { name: /Hi, .+!/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
