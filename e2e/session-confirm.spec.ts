import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/demo';
import { inactivityLimit, resetInactivityLimit } from './support/session-settings';
import { signInAs } from './support/sign-in';

/**
 * The confirm dialog with a typed phrase (spec-1 §4), through a real use:
 * turning the inactivity lock off (0) on the Settings page must be confirmed
 * by typing DISABLE, then (a protected action) the password is verified.
 * Changes practice 1's lock and puts it back to 60 afterwards.
 */

const PHRASE_LABEL = 'Type DISABLE to confirm';

async function askToTurnOffTheLock(page: Page) {
  await signInAs(page, 'manager', { next: '/settings' });
  await page.getByLabel('Inactivity lock (minutes)').fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel(PHRASE_LABEL) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('confirm dialog with a typed phrase', () => {
  test.afterEach(async ({ request }) => {
    await resetInactivityLimit(request, 'manager');
  });

  test('the confirm button is enabled only once DISABLE is typed', async ({ page }) => {
    const dialog = await askToTurnOffTheLock(page);
    const confirm = dialog.getByRole('button', { name: 'Turn off' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(confirm).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const phrase = dialog.getByLabel(PHRASE_LABEL);
    await phrase.fill('disable');
    await expect(confirm).toBeDisabled();
    await phrase.fill('DISABLE');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(dialog).toBeHidden();

    // Turning the lock off is also a protected action.
    const verify = page.getByRole('dialog', { name: 'Verify Password' });
    await verify.getByLabel('Password').fill(DEMO_PASSWORD);
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect(await inactivityLimit(page)).toBe(0);
  });

  test('cancelling keeps the lock', async ({ page }) => {
    const dialog = await askToTurnOffTheLock(page);

    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Verify Password' })).toBeHidden();
    expect(await inactivityLimit(page)).toBe(60);
  });
});
