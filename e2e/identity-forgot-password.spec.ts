import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { submitSignIn } from './support/sign-in';
import { activatedStaffAccount, emailedLink } from './support/staff-account';
import { expect, test } from './support/test';

/**
 * "Forgot password?" end to end (issue 21 item 5): a staff member of the practice, on the
 * sign-in page of a phone, asks for a link by email address with the keyboard, reads the same
 * answer anyone gets, opens the emailed link (read here from the practice's email log), chooses
 * a new password and signs in with it. Both pages pass axe. The account is the spec's own, so
 * no demo sign-in changes.
 */

const PASSWORD = 'Lighthouse-quay-2031';
const NEW_PASSWORD = 'Harbour-lantern-2032';

test('a staff member who forgot the password asks for a link, chooses a new one and signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `forgot.${String(Date.now())}@example.com`;
  await activatedStaffAccount(page, email, PASSWORD);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const visitor = await context.newPage();
    const errors = collectPageErrors(visitor);
    await visitor.goto('/n/public/login');
    await visitor.getByRole('link', { name: 'Forgot password?' }).focus();
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(/\/n\/public\/forgotPassword$/);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeVisible();

    // Nothing given: the field says what it needs.
    await visitor.getByRole('button', { name: 'Email me a link' }).click();
    await expect(visitor.getByText('This is required.')).toBeVisible();

    await visitor.getByLabel(/^Username or email address/).fill(email.toUpperCase());
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('status')).toHaveText(
      'If an account matches, we have emailed its address a link to choose a new password. The link works once, within an hour.',
    );
    await expectNoSeriousA11yViolations(visitor);

    const reset = await emailedLink(page.request, email, '/n/public/staff/resetPassword');
    await visitor.goto(reset);
    await visitor.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await visitor.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Set password' }).click();
    await expect(visitor.getByText(/Your password is set/)).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await submitSignIn(visitor, email, NEW_PASSWORD);
    await expect(visitor).not.toHaveURL(/\/public\/login/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
