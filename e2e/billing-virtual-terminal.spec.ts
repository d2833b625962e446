import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, type PastSession } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The virtual terminal (issue 19 item 4, spec-1 §2 `/billing/virtualTerminal`): the biller opens
 * it from the Billing menu, picks a client, keys a test card on the local processor for what is
 * due now, asks for a receipt, and the balance reaches zero; a declined test card shows the
 * processor's words and records nothing; half of a card payment goes back to the card from the
 * client's Billing page. The page passes axe at desktop width and at 375 px.
 */

test.describe.configure({ timeout: 120_000 });

const THERAPIST = 'Theresa Quinn';
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function chargedSessionAsBiller(page: Page, daysBack: number): Promise<PastSession> {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack, lastNamePrefix: 'Term' });
  await page.context().clearCookies();
  await signInAs(page, 'biller');
  return session;
}

/** Gives the client an email address, so a receipt has somewhere to go. */
async function addEmail(page: Page, clientId: number): Promise<void> {
  const csrf = await page.request.get('/api/user/csrf');
  const { token, headerName } = (await csrf.json()) as { token: string; headerName: string };
  const saved = await page.request.post('/api/patient/saveEmail', {
    data: {
      patientId: clientId,
      contact: `client${String(clientId)}@example.test`,
      isDefault: true,
    },
    headers: { [headerName]: token },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function openTerminal(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Billing' }).click();
  await nav.getByRole('link', { name: 'Virtual terminal' }).click();
  await expect(page).toHaveURL(/\/n\/billing\/virtualTerminal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Virtual terminal' })).toBeVisible();
}

async function pickClient(page: Page, session: PastSession) {
  const last = session.clientName.split(' ')[1] ?? session.clientName;
  await page.getByRole('combobox', { name: 'Client' }).fill(last);
  await page
    .getByRole('option', { name: new RegExp(last) })
    .first()
    .click();
  await expect(
    page.getByRole('button', { name: /^Client: .*Delete to choose another\.$/ }),
  ).toBeVisible();
}

async function typeCard(page: Page, number: string) {
  await expect(page.getByRole('radio', { name: 'Enter a card' })).toBeChecked();
  await expect(page.getByTestId('local-processor-notice')).toContainText('no money moves');
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiration (MM/YY)' }).fill(`12/${NEXT_YEAR}`);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
}

test('the biller keys a card for a client, pays what is due with a receipt, and refunds half to the card', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page, 5);
  await addEmail(page, session.clientId);
  await page.goto('/n/');
  await openTerminal(page);
  await pickClient(page, session);

  // What is due now is the session's charge; the card is the only way to pay here.
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).not.toHaveValue('');
  const due = Math.round(Number(await amount.inputValue()) * 100);
  expect(due).toBeGreaterThan(0);
  await expect(page.getByRole('radio', { name: 'Cash' })).toHaveCount(0);
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByRole('checkbox', { name: 'Email a receipt' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Charge the card' }).click();

  await expect(
    page.getByRole('heading', { name: `Payment of ${dollars(due)} recorded` }),
  ).toBeFocused();
  await expect(page.getByTestId('new-balance')).toHaveText('$0.00');
  // The test server keeps mail in its email log rather than sending it, and says so.
  await expect(page.getByTestId('receipt-outcome')).toHaveText(
    'The receipt is kept in the email log: this server does not send email.',
  );
  await expectNoSeriousA11yViolations(page);

  // On the client's Billing page the card payment goes back to its card: half of it.
  await page.getByRole('link', { name: 'Back to billing' }).click();
  const balance = page.getByTestId('ledger-balance');
  await expect(balance).toHaveText('$0.00');
  await expect(page.locator('tr[data-kind="payment"]')).toContainText('Visa ending 4242');
  await page.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(
    dialog.getByRole('radio', { name: 'The original card (Visa ending 4242)' }),
  ).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  const half = Math.floor(due / 2);
  await dialog.getByRole('textbox', { name: /Refund amount/ }).fill((half / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Refunded ${dollars(half)} to the card.`)).toBeVisible();
  await expect(balance).toHaveText(dollars(half));
  await expect(page.locator('tr[data-kind="refund"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a declined card on the virtual terminal shows the processor’s words and records nothing', async ({
  page,
}) => {
  const session = await chargedSessionAsBiller(page, 6);
  await page.goto('/n/billing/virtualTerminal');
  await pickClient(page, session);
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).not.toHaveValue('');
  const due = await amount.inputValue();
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Charge the card' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/n/client/${session.clientId}/billing`);
  await expect(page.getByTestId('ledger-balance')).toHaveText(`$${due}`);
  await expect(page.locator('tr[data-kind="payment"]')).toHaveCount(0);
});

for (const width of [1440, 375]) {
  test(`the virtual terminal passes axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const session = await chargedSessionAsBiller(page, 4);
    await page.goto('/n/billing/virtualTerminal');
    await expect(page.getByRole('combobox', { name: 'Client' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await pickClient(page, session);
    await expect(page.getByRole('radio', { name: 'Enter a card' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  });
}
