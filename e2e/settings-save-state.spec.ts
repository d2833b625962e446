import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/demo';
import { inactivityLimit, resetInactivityLimit } from './support/session-settings';
import { signInAs } from './support/sign-in';

/**
 * Every Save of the settings page is enabled only when something changed
 * (issue 15): the practice settings' Save and the online booking section's.
 * Changes practice 1's lock and puts it back to 60 afterwards.
 */

test.describe('settings Save state', () => {
  test.afterEach(async ({ request }) => {
    await resetInactivityLimit(request, 'manager');
  });

  test('Save waits for a change, undone changes included, and rests after saving', async ({
    page,
  }) => {
    await signInAs(page, 'manager', { next: '/settings' });
    const minutes = page.getByLabel('Inactivity lock (minutes)');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const saveBooking = page.getByRole('button', { name: 'Save online booking' });
    const instant = page.getByRole('radio', { name: 'Confirm it at once' });
    const request = page.getByRole('radio', {
      name: 'Hold the time and let staff confirm or decline it',
    });
    await expect(minutes).toHaveValue('60');
    await expect(save).toBeDisabled();
    await expect(saveBooking).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // A change and its undoing.
    await minutes.fill('45');
    await expect(save).toBeEnabled();
    await minutes.fill('60');
    await expect(save).toBeDisabled();
    await instant.check();
    await expect(saveBooking).toBeEnabled();
    await request.check();
    await expect(saveBooking).toBeDisabled();

    // Saved, the new value is what is loaded: nothing more to save.
    await minutes.fill('45');
    await save.click();
    const verify = page.getByRole('dialog', { name: 'Verify Password' });
    await verify.getByLabel('Password').fill(DEMO_PASSWORD);
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await inactivityLimit(page)).toBe(45);

    // The toast has gone (its colours are the snackbar's, scanned elsewhere); then on a phone.
    await expect(page.getByText('Settings saved.')).toBeHidden({ timeout: 15_000 });
    await page.setViewportSize({ width: 375, height: 800 });
    await minutes.fill('50');
    await expect(save).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });
});
