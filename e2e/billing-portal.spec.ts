import type { Page } from '@playwright/test';

import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Clients pay their balance in the portal (issue 19 item 4). The demo client (client1, Chris
 * Client) owes a balance: the portal home shows it with a link to pay, My billing lists what it
 * is made of, and the client pays part of it with a card typed on the local processor, which
 * says that no money moves; a declined card shows the processor's words. A saved card that
 * expires this month is marked "Expires soon" on the staff card page and warned of in the
 * portal (item 5), and pays the next part. Other specs on this worker's database may have paid
 * some of the balance too, so figures are read from the page, never assumed. Axe on each page.
 */

test.describe.configure({ timeout: 120_000, mode: 'serial' });

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

const formatMoney = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function balanceOn(page: Page): Promise<number> {
  const text = await page.getByTestId('portal-balance').innerText();
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('the client pays part of their balance with a typed card on the local processor', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'client1');
  const summary = page.getByRole('region', { name: 'Billing' });
  await expect(summary.getByTestId('home-balance')).not.toHaveText('$0.00');
  await expectNoSeriousA11yViolations(page);
  await summary.getByRole('link', { name: 'Pay your balance' }).click();

  await expect(page).toHaveURL(/\/n\/portal\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My billing' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Charges you still owe' })).toBeVisible();
  const before = await balanceOn(page);
  expect(before).toBeGreaterThan(100);
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).not.toHaveValue('');

  // More than the balance is refused at the field, before anything is sent.
  await amount.fill(String((before + 1) / 100));
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(`Enter at most ${formatMoney(before)}.`)).toBeVisible();

  await amount.fill('1.00');
  await page.getByRole('radio', { name: 'Enter a card' }).check();
  await expect(page.getByTestId('local-processor-notice')).toContainText('no money moves');
  await expectNoSeriousA11yViolations(page);

  // A declined card: the processor's words, nothing recorded.
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('textbox', { name: 'Expiration (MM/YY)' }).fill(`12/${NEXT_YEAR}`);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('button', { name: 'Pay $1.00' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  expect(await balanceOn(page)).toBe(before);

  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $1.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: $1.00 paid' })).toBeFocused();
  await expect(page.getByTestId('portal-balance')).toHaveText(formatMoney(before - 100));
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('a card expiring this month: marked for staff, warned of in the portal, and pays', async ({
  page: staff,
}) => {
  const now = new Date();
  const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;

  await signInAs(staff, 'biller');
  await staff.goto('/n/practice/card');
  await staff.getByRole('combobox', { name: 'Client' }).fill('Client');
  await staff
    .getByRole('option', { name: /Chris Client/ })
    .first()
    .click();
  const cards = staff.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  await staff.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
  await staff.getByRole('textbox', { name: 'Expiration (MM/YY)' }).fill(thisMonth);
  await staff.getByRole('textbox', { name: 'Security code' }).fill('123');
  await cards.getByRole('button', { name: 'Save card' }).click();
  const saved = cards.getByRole('listitem').filter({ hasText: 'Mastercard ending 4444' });
  await expect(saved.first()).toContainText('Expires soon');
  await expectNoSeriousA11yViolations(staff);

  // The same browser, now as the client.
  await staff.context().clearCookies();
  const page = staff;
  const errors = collectPageErrors(page);
  await signInAs(page, 'client1');
  await expect(page.getByTestId('card-warnings').first()).toContainText(
    /Your Mastercard ending 4444 expires (today|in \d+ days?)\./,
  );
  await page.getByRole('link', { name: 'Pay your balance' }).click();
  await expect(page.getByTestId('card-warnings')).toContainText('Mastercard ending 4444');
  await expectNoSeriousA11yViolations(page);
  const before = await balanceOn(page);
  await page.getByRole('textbox', { name: /^Amount/ }).fill('2.00');
  await page
    .getByRole('radio', { name: /^Mastercard ending 4444/ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Pay $2.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: $2.00 paid' })).toBeFocused();
  await expect(page.getByTestId('portal-balance')).toHaveText(formatMoney(before - 200));
  expect(errors).toEqual([]);
});
