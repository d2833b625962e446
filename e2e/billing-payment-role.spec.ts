import { expect, test } from './support/test';

import { bookPastSession } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * A therapist with the payment role but not the financial one (demo therapist4, spec-1 §6)
 * opens Take payment for their client and records a cash payment: the page reads only what is
 * due now, never the client's ledger, which stays the financial role's.
 */

test.describe.configure({ timeout: 120_000 });

test('the payment role alone takes a payment on Take payment', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'therapist4');
  const session = await bookPastSession(page, 'Samuel Ortiz', {
    daysBack: 4,
    lastNamePrefix: 'Pay',
  });

  await page.goto(`/n/billing/takePayment/${session.clientId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Take payment: ${session.clientName}` }),
  ).toBeVisible();
  // The client's Billing page is the financial role's: no link there leads to Access denied.
  await expect(page.getByRole('link', { name: /’s billing$/ })).toHaveCount(0);
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).not.toHaveValue('0.00');
  const dueValue = await amount.inputValue();
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByRole('heading', { name: `Payment of $${dueValue} recorded` }),
  ).toBeFocused();
  await expect(page.getByTestId('new-balance')).toHaveText('$0.00');
  await expect(page.getByRole('link', { name: 'Back to billing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take another payment' })).toBeVisible();

  // The client's ledger is still the financial role's.
  await page.goto(`/n/client/${session.clientId}/billing`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect(errors).toEqual([]);
});
