import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, type PastSession } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Saved cards and paying by card on the local processor (issue 19 items 5 and 6): the biller
 * adds a card (the page says no money moves), pays the session's charge with it and sees the
 * balance reach zero, finds it in the client profile's Saved cards tab, then deletes it after a
 * confirmation; a declined test card shows
 * the processor's own message and changes nothing. Every page passes axe.
 */

test.describe.configure({ timeout: 120_000 });

const THERAPIST = 'Theresa Quinn';
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

async function chargedSessionAsBiller(page: Page, daysBack: number): Promise<PastSession> {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack });
  await page.context().clearCookies();
  await signInAs(page, 'biller');
  return session;
}

async function typeCard(page: Page, number: string) {
  await expect(page.getByTestId('local-processor-notice')).toContainText('no money moves');
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiration (MM/YY)' }).fill(`12/${NEXT_YEAR}`);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
}

test('the biller saves a card, pays the charge with it, and deletes it', async ({ page }) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page, 5);

  await page.goto(`/n/client/${session.clientId}/billing`);
  const balance = page.getByTestId('ledger-balance');
  await expect(balance).not.toHaveText('$0.00');
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(cards.getByText('No cards are kept for this client.')).toBeVisible();
  await cards.getByRole('button', { name: 'Add a card' }).click();
  await typeCard(page, '4242 4242 4242 4242');
  await expectNoSeriousA11yViolations(page);
  await cards.getByRole('button', { name: 'Save card' }).click();
  const saved = cards.getByRole('listitem').filter({ hasText: 'Visa ending 4242' });
  await expect(saved).toContainText('Default');
  await expect(saved).toContainText(`Expires 12/${NEXT_YEAR}`);
  await expectNoSeriousA11yViolations(page);

  // Pay what is due with the saved card (chosen for us: it is the default).
  await page.getByRole('link', { name: 'Take payment' }).click();
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(page.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { name: /^Payment of .* recorded$/ })).toBeFocused();
  await expect(page.getByTestId('new-balance')).toHaveText('$0.00');

  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(balance).toHaveText('$0.00');
  await expect(page.locator('tr[data-kind="payment"]')).toContainText('Visa ending 4242');

  // The client profile's Saved cards tab shows the same card.
  await page.goto(`/n/client/${session.clientId}?tab=cards`);
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByRole('heading', { name: 'Saved cards' })).toBeVisible();
  await expect(tab.getByRole('listitem').filter({ hasText: 'Visa ending 4242' })).toContainText(
    'Default',
  );
  await expectNoSeriousA11yViolations(page);

  // Delete, after saying yes.
  await page.goto(`/n/client/${session.clientId}/billing`);
  await cards.getByRole('button', { name: 'Delete Visa ending 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this card?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards.getByText('No cards are kept for this client.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a declined card shows the processor’s message and records nothing', async ({ page }) => {
  const session = await chargedSessionAsBiller(page, 6);
  await page.goto(`/n/billing/takePayment/${session.clientId}`);
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).not.toHaveValue('');
  const due = await amount.inputValue();
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  // No saved card: a card is typed, on the local processor.
  await expect(page.getByRole('radio', { name: 'Enter a card' })).toBeChecked();
  await typeCard(page, '4000 0000 0000 0002');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/n/client/${session.clientId}/billing`);
  await expect(page.getByTestId('ledger-balance')).toHaveText(`$${due}`);
  await expect(page.locator('tr[data-kind="payment"]')).toHaveCount(0);
});

test('the practice card processing page shows the local processor, its fees and that no money moves', async ({
  page,
}) => {
  await signInAs(page, 'manager', { next: '/practice/paymentProcessing' });
  await expect(page.getByRole('heading', { level: 1, name: 'Card processing' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Card processors' });
  const local = table.getByRole('row').filter({ hasText: 'Local test processor' });
  await expect(local).toContainText('2.90% + $0.30');
  await expect(page.getByText(/moves no money/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Second test processor');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Second test processor' })).toBeVisible();
});
