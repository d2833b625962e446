import { expect, test, type Page } from './support/test';

import { appUrl } from './support/demo';
import { signInAs, submitSignIn } from './support/sign-in';
import { DEMO_PASSWORD } from './support/demo';

async function expectAccessDenied(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${appUrl.accessDenied}$`));
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to view that page.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toBeVisible();
}

test.describe('route guards', () => {
  test('a signed-out deep link goes to sign in, then back to the page', async ({ page }) => {
    await page.goto(`${appUrl.impersonate}?tab=1`);

    await expect(page).toHaveURL(/\/n\/public\/login\?next=%2Fadmin%2Fimpersonate%3Ftab%3D1$/);
    await submitSignIn(page, 'support', DEMO_PASSWORD);

    await expect(page).toHaveURL(/\/n\/admin\/impersonate\?tab=1$/);
    await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();
  });

  test('reporting pages need the reporting role', async ({ page }) => {
    await signInAs(page, 'frontoffice');
    await page.goto(appUrl.reporting);
    await expectAccessDenied(page);

    await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
  });

  test('internal admin pages need an internal staff role', async ({ page }) => {
    await signInAs(page, 'manager');
    await page.goto(appUrl.impersonate);
    await expectAccessDenied(page);
  });

  test('an in-app link to a guarded page is guarded too', async ({ page }) => {
    await signInAs(page, 'manager');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/n/admin/impersonate');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectAccessDenied(page);
  });

  test('support staff may open the internal admin pages', async ({ page }) => {
    await signInAs(page, 'support');
    await page.goto(appUrl.impersonate);

    await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();
  });

  test('practice settings need a manager or staff administrator', async ({ page }) => {
    await signInAs(page, 'therapist1');
    await page.goto(appUrl.settings);
    await expectAccessDenied(page);
  });

  test('/exit returns to the saved page with its message', async ({ page }) => {
    await signInAs(page, 'staffadmin');
    await page.evaluate(() => {
      window.sessionStorage.setItem('exitRoute', '/settings');
    });
    await page.goto('/n/exit?status=success&message=All%20done');

    await expect(page).toHaveURL(new RegExp(`${appUrl.settings}$`));
    await expect(page.getByText('All done')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Practice settings' })).toBeVisible();
  });

  test('/exit with nothing saved goes home', async ({ page }) => {
    await signInAs(page, 'staffadmin');
    await page.goto('/n/exit');

    await expect(page).toHaveURL(/\/n\/$/);
    await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
  });
});
