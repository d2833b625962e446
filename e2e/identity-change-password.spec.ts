import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { submitSignIn } from './support/sign-in';
import { activatedStaffAccount } from './support/staff-account';
import { expect, test } from './support/test';

/**
 * Changing one's password from the user menu (issue 21 item 5): a staff member signed in twice
 * changes it in one browser, by the keyboard; a wrong current password is named under its box;
 * once changed, this browser stays signed in and the other is signed out; the new password
 * signs in. The dialog passes axe.
 */

const PASSWORD = 'Lighthouse-quay-2031';
const NEW_PASSWORD = 'Harbour-lantern-2032';

test('a staff member changes the password: the other session ends, this one stays', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `change.${String(Date.now())}@example.com`;
  await activatedStaffAccount(page, email, PASSWORD);

  const here = await browser.newContext();
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto('/n/public/login');
    await submitSignIn(other, email, PASSWORD);
    await expect(other).not.toHaveURL(/\/public\/login/);

    const me = await here.newPage();
    const errors = collectPageErrors(me);
    await me.goto('/n/public/login');
    await submitSignIn(me, email, PASSWORD);
    await expect(me).not.toHaveURL(/\/public\/login/);
    await me.getByRole('button', { name: 'Account menu' }).click();
    await me.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = me.getByRole('dialog', { name: 'Change password' });
    await expect(dialog.getByLabel(/^Current password/)).toBeFocused();

    await me.keyboard.type('not-my-password');
    await me.keyboard.press('Tab');
    await me.keyboard.type(NEW_PASSWORD);
    await me.keyboard.press('Tab');
    await me.keyboard.type(NEW_PASSWORD);
    await me.keyboard.press('Enter');
    await expect(dialog.getByText('That is not your current password.')).toBeVisible();
    await expectNoSeriousA11yViolations(me);

    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(
      me.getByText('Your password is changed. Your other sessions were signed out.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // This browser stays signed in; the other is sent to sign in on its next page.
    await me.reload();
    await expect(me).not.toHaveURL(/\/public\/login/);
    await other.reload();
    await expect(other).toHaveURL(/\/public\/login/);
    await submitSignIn(other, email, NEW_PASSWORD);
    await expect(other).not.toHaveURL(/\/public\/login/);
    expect(errors).toEqual([]);
  } finally {
    await here.close();
    await elsewhere.close();
  }
});
