import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl, DEMO_PASSWORD } from './support/demo';
import { inactivityLimit, resetInactivityLimit } from './support/session-settings';
import { signInAs } from './support/sign-in';

/**
 * Password re-verification (spec-1 §4) through a real protected action:
 * saving the practice settings runs through `runProtected`. A new session
 * has never verified, so the first save asks. Changes practice 1's lock and
 * puts it back to 60 afterwards.
 */

const INFO = 'For your security, please verify your password to continue.';
const FAILED = "We're sorry, that didn't match your current password.";

test.describe('verify password', () => {
  test.afterEach(async ({ request }) => {
    await resetInactivityLimit(request, 'manager');
  });

  test('a protected save asks for the password, refuses a wrong one and saves after the right one', async ({
    page,
  }) => {
    await signInAs(page, 'manager', { next: '/settings' });
    await expect(page).toHaveURL(appUrl.settings);

    await page.getByLabel('Inactivity lock (minutes)').fill('45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify Password' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(INFO);
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    const password = dialog.getByLabel('Password');
    await password.fill('not-my-password');
    await expect(dialog.getByText('15/128')).toBeVisible();
    await submit.click();
    await expect(dialog.getByText(FAILED)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await password.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect(await inactivityLimit(page)).toBe(45);
  });

  test('cancelling the password dialog saves nothing', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/settings' });

    await page.getByLabel('Inactivity lock (minutes)').fill('30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Password' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Settings saved.')).toBeHidden();
    expect(await inactivityLimit(page)).toBe(60);
  });

  test('once verified, the next protected save runs at once', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/settings' });
    const field = page.getByLabel('Inactivity lock (minutes)');
    const dialog = page.getByRole('dialog', { name: 'Verify Password' });

    await field.fill('50');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    await field.fill('55');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => inactivityLimit(page)).toBe(55);
    await expect(dialog).toBeHidden();
  });
});
