import { readFileSync } from 'node:fs';

import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, nyDay, type PastSession } from './support/charting';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The billing reports (issue 19 item 2): a biller sees a payment made in the test in payments
 * and refunds, filters it by method, exports the filter as CSV (the file holds the payment),
 * and the filter is still chosen after a reload and when the page is opened again from its
 * plain address (remembered for the session); the charges report lists the session's charge;
 * an insurer's check entered from the insurance payments page is listed with its number.
 * Every page passes axe at desktop and phone widths.
 */

test.describe.configure({ timeout: 150_000 });

const THERAPIST = 'Theresa Quinn';
const PAYMENTS = '/n/billing/payments/paymentsAndRefunds';
const CHARGES = '/n/billing/charges/chargesReport';
const INSURANCE = '/n/billing/payments/insurance';

async function csrf(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/user/csrf');
  expect(response.ok()).toBe(true);
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** A charged session of a new client, then the biller signed in. */
async function chargedSessionAsBiller(page: Page): Promise<PastSession> {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack: 2, lastNamePrefix: 'Rep' });
  await page.context().clearCookies();
  await signInAs(page, 'biller');
  return session;
}

/** A client payment by check through the API, as the take-payment page sends it. */
async function payByCheck(page: Page, clientId: number, reference: string): Promise<void> {
  const response = await page.request.post(`/api/billing/clients/${clientId}/payments`, {
    data: {
      amountCents: 1234,
      source: 'client',
      method: 'check',
      reference,
      leaveCredit: true,
      idempotencyKey: `e2e-${reference}`,
    },
    headers: await csrf(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The period from the session's day to today (the demo practice is in New York). */
const periodQuery = (session: PastSession) => `from=${session.day}&to=${nyDay(new Date())}`;

async function exportedCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  return readFileSync(await download.path(), 'utf8');
}

test('a biller finds, filters and exports a payment, and the filter is remembered', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page);
  const reference = `CHK${uniqueSuffix()}`;
  await payByCheck(page, session.clientId, reference);
  const last = session.clientName.split(' ')[1] ?? session.clientName;

  await page.goto(`${PAYMENTS}?${periodQuery(session)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments and refunds' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Payments and refunds' });
  await expect(table.getByRole('row').filter({ hasText: reference })).toHaveCount(1);

  // Cash leaves the check out; Check brings it back.
  const method = page.getByRole('combobox', { name: 'Method' });
  await method.click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  await expect(page).toHaveURL(/method=cash/);
  await expect(page.getByText(reference)).toHaveCount(0);
  await method.click();
  await page.getByRole('option', { name: 'Check', exact: true }).click();
  await expect(page).toHaveURL(/method=check/);
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('$12.34');
  await expect(row).toContainText(last);

  const csv = await exportedCsv(page);
  expect(csv.split('\r\n')[0]).toBe('Date,Client,Type,Method,Reference,Notation,Payment,Refund');
  const line = csv.split('\r\n').find((l) => l.includes(reference));
  expect(line).toContain(',Payment,Check,');
  expect(line).toContain(',12.34,');
  expect(csv).not.toMatch(/,Cash,/);

  // Remembered: after a reload, and opened again from its plain address.
  await page.reload();
  await expect(method).toHaveText('Check');
  await page.goto(PAYMENTS);
  await expect(method).toHaveText('Check');
  await expect(table.getByRole('row').filter({ hasText: reference })).toHaveCount(1);

  // The session's charge, with its still-owed amount.
  await page.goto(`${CHARGES}?${periodQuery(session)}&patientId=${session.clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Charges' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`Client: ${session.clientName}`) }),
  ).toBeVisible();
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges.getByRole('row').filter({ hasText: last })).toHaveCount(1);
  const chargesCsv = await exportedCsv(page);
  expect(chargesCsv).toContain('Date of service,Client,Therapist,Service (CPT)');
  expect(chargesCsv).toContain(session.day);
  expect(errors).toEqual([]);
});

test('an insurer’s check entered by hand is listed with its number', async ({ page }) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page);
  const last = session.clientName.split(' ')[1] ?? session.clientName;
  const checkNumber = `INS${uniqueSuffix()}`;

  await page.goto(`${INSURANCE}?${periodQuery(session)}`);
  await page.getByRole('button', { name: 'Enter an insurance payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter an insurance payment' });
  await dialog.getByRole('combobox', { name: 'Client' }).fill(last);
  await page
    .getByRole('option', { name: new RegExp(last) })
    .first()
    .click();
  await dialog.getByLabel(/^Amount/).fill('80');
  // The number is required: refused on the field before anything is sent.
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Enter the insurer’s check or payment number.')).toBeVisible();
  await dialog.getByLabel(/^Check number/).fill(checkNumber);
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('region', { name: 'Insurance payments' }).getByRole('row').filter({
    hasText: checkNumber,
  });
  await expect(row).toContainText('$80.00');
  await expect(row).toContainText(last);
  expect(errors).toEqual([]);
});

for (const width of [1440, 375]) {
  test(`the billing reports pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const session = await chargedSessionAsBiller(page);
    await payByCheck(page, session.clientId, `AXE${uniqueSuffix()}`);
    for (const [path, name] of [
      [CHARGES, 'Charges'],
      [PAYMENTS, 'Payments and refunds'],
      [INSURANCE, 'Insurance payments'],
    ] as const) {
      await page.goto(`${path}?${periodQuery(session)}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
