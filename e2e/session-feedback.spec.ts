import { expect, test } from './support/test';

import { appUrl } from './support/demo';
import { signInAs } from './support/sign-in';

/** The app-wide feedback of signed-in pages (spec-1 §4): progress bar and offline banner. */

const OFFLINE = 'You are offline. Changes will not be saved until the connection returns.';

test.describe('feedback', () => {
  test('a slow request shows the progress bar; a failed one marks it failed', async ({ page }) => {
    await signInAs(page, 'manager');
    await expect(page.getByRole('banner')).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/practice/listPracticeSettings', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Something broke.' }),
      });
    });
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();

    const bar = page.getByRole('progressbar', { name: 'Loading progress' });
    await expect(bar).toBeVisible();
    const before = Number(await bar.getAttribute('aria-valuenow'));
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
      .toBeGreaterThan(before);

    release();
    await expect(page.getByRole('progressbar', { name: 'Loading failed' })).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: /^Loading (progress|failed)$/ }),
    ).toBeHidden();
  });

  test('going offline shows a banner until the connection returns', async ({ page, context }) => {
    await signInAs(page, 'therapist2');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${appUrl.home}$`));

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeVisible();

    await context.setOffline(false);
    await expect(banner).toBeHidden();
  });
});
