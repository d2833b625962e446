import { expect, test } from './support/test';

import { appUrl } from './support/demo';
import { submitSignIn } from './support/sign-in';

test.describe('sign-in messages', () => {
  test('the lockout after five failures shows the server message', async ({ page }) => {
    // An unknown name is counted and locked like a real one, so no demo user is locked out.
    const username = `nobody-${Date.now()}`;
    await page.goto(appUrl.signIn);
    const alert = page.getByRole('alert');

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitSignIn(page, username, 'wrong password');
      await expect(alert).toHaveText('The username or password is incorrect.');
      await page.getByLabel('Password').clear();
    }
    await submitSignIn(page, username, 'wrong password');
    await expect(alert).toHaveText(
      'Too many failed sign-in attempts. For your security, sign-in is locked for 15 minutes.',
    );
  });

  test('a sign-out for inactivity says why', async ({ page }) => {
    await page.goto(`${appUrl.signIn}?reason=idle`);

    await expect(page.getByText('You were signed out because you were inactive.')).toBeVisible();
  });
});
