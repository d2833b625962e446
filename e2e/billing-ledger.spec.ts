import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, type PastSession } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Client billing on the web (issue 19 items 2 and 4): the biller sees the charge an attended
 * session made, takes a cash payment, refunds half, and finds the client in Open balances; a
 * payment over the charges without choosing credit shows the server's refusal; every billing
 * page passes axe at desktop and phone widths. Each session is a new client's, with Theresa
 * Quinn (therapist1), booked through the API as bookPastSession does.
 */

test.describe.configure({ timeout: 120_000 });

const THERAPIST = 'Theresa Quinn';
const LEFT_OVER =
  'The payment is more than the charges chosen. Choose more charges, or keep the rest as credit.';

/** A past session, attended (which charges it), booked by its therapist; then the biller signs in. */
async function chargedSessionAsBiller(page: Page, daysBack: number): Promise<PastSession> {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack });
  await page.context().clearCookies();
  await signInAs(page, 'biller');
  return session;
}

const cents = (text: string): number => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const dollars = (n: number): string =>
  `$${(n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('the biller takes a cash payment, refunds half, and finds the client in Open balances', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page, 3);

  // The profile links the client's Billing view, which shows the session's charge.
  await page.goto(`/n/client/${session.clientId}`);
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/${session.clientId}/billing$`));
  await expect(page.getByRole('heading', { name: `Billing: ${session.clientName}` })).toBeVisible();
  const charge = page.locator('tr[data-kind="charge"]');
  await expect(charge).toHaveCount(1);
  const balance = page.getByTestId('ledger-balance');
  await expect(balance).not.toHaveText('$0.00');
  const fee = cents(await balance.innerText());
  expect(fee).toBeGreaterThan(0);
  await expect(charge).toContainText(`${dollars(fee)} owed`);
  await expect(page.getByText('Aged by date of service.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Take payment: the amount starts at what is due.
  await page.getByRole('link', { name: 'Take payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/n/billing/takePayment/${session.clientId}$`));
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).toHaveValue((fee / 100).toFixed(2));
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /card number/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // More than the charge without choosing credit: the server refuses, on that field.
  await amount.fill(((fee + 1000) / 100).toFixed(2));
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(LEFT_OVER)).toBeVisible();

  // The amount due, in cash: the balance is zero.
  await amount.fill((fee / 100).toFixed(2));
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByRole('heading', { name: `Payment of ${dollars(fee)} recorded` }),
  ).toBeFocused();
  await expect(page.getByTestId('new-balance')).toHaveText('$0.00');

  // Back on the ledger, refund half of the payment: the balance is that half.
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(balance).toHaveText('$0.00');
  const half = Math.floor(fee / 2);
  await page.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(dialog.getByRole('textbox', { name: /Refund amount/ })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('textbox', { name: /Refund amount/ }).fill((half / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText(dollars(half));
  await expect(page.locator('tr[data-kind="refund"]')).toHaveCount(1);

  // The client is among the open balances of their therapist, linked to their Billing view.
  await page.goto('/n/billing/balance/openBalances?pageSize=200');
  await page.getByRole('combobox', { name: 'Therapist' }).click();
  await page.getByRole('option', { name: THERAPIST }).click();
  await expect(page).toHaveURL(/therapistId=\d+/);
  // Lists name clients last name first.
  const [first, last] = session.clientName.split(' ');
  const listed = `${last}, ${first}`;
  const row = page.getByRole('row').filter({ hasText: listed });
  await expect(row).toContainText(dollars(half));
  await expect(page.getByText('Aged by date of service.', { exact: false })).toBeVisible();
  await row.getByRole('link', { name: listed }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/${session.clientId}/billing$`));
  expect(errors).toEqual([]);
});

for (const width of [1440, 375]) {
  test(`the billing pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const session = await chargedSessionAsBiller(page, 4);

    await page.goto(`/n/client/${session.clientId}/billing`);
    await expect(page.locator('tr[data-kind="charge"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    await page.goto(`/n/billing/takePayment/${session.clientId}`);
    await expect(page.getByRole('textbox', { name: /^Amount/ })).not.toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    await page.goto('/n/billing/balance/openBalances');
    await expect(page.getByRole('region', { name: 'Open balances' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    await page.goto('/n/billing/balance/openCredits');
    await expect(page.getByRole('heading', { name: 'Open credits' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);
  });
}
