import { execFileSync } from 'node:child_process';

import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, nyDay, type PastSession } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Statements on the web (issue 19 item 3): the biller makes a statement for a client whose
 * attended session made a charge, finds it in the statements report, downloads its PDF (the
 * amount due is in its text), and the report's client filter is still chosen after a reload
 * (spec-1 §9: billing statement search criteria are remembered for the session); the client's
 * superbill downloads from their Billing page. Both pages pass axe at desktop and phone widths.
 */

test.describe.configure({ timeout: 120_000 });

const THERAPIST = 'Theresa Quinn';

/** A past session, attended (which charges it), booked by its therapist; then the biller signs in. */
async function chargedSessionAsBiller(page: Page, daysBack: number): Promise<PastSession> {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack });
  await page.context().clearCookies();
  await signInAs(page, 'biller');
  return session;
}

/** A period from the session's day to today, in the practice's zone (the demo's New York). */
async function fillPeriod(page: Page, session: PastSession): Promise<void> {
  await page.getByLabel(/^From/).fill(session.day);
  await page.getByLabel(/^To/).fill(nyDay(new Date()));
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('the biller makes a statement, finds it in the report, downloads it, and the filter is remembered', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const session = await chargedSessionAsBiller(page, 3);

  // From the client's Billing page: the statement page opens with the client chosen.
  await page.goto(`/n/client/${session.clientId}/billing`);
  const balance = page.getByTestId('ledger-balance');
  await expect(balance).not.toHaveText('$0.00');
  const due = await balance.innerText();
  await page.getByRole('link', { name: 'Make a statement' }).click();
  await expect(page).toHaveURL(new RegExp(`/n/billing/statement\\?client=${session.clientId}$`));
  await expect(page.getByRole('heading', { name: 'Statements', exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`Client: ${session.clientName}`) }),
  ).toBeVisible();

  // A reversed period is refused on the field, before anything is sent.
  await page.getByLabel(/^From/).fill(nyDay(new Date()));
  await page.getByLabel(/^To/).fill(session.day);
  await page.getByRole('button', { name: 'Make statement' }).click();
  await expect(page.getByText('Must not be before the start.')).toBeVisible();

  await fillPeriod(page, session);
  await page.getByRole('button', { name: 'Make statement' }).click();
  // The client's last name is unique to this test (bookPastSession adds a suffix); lists and
  // results name clients last name first.
  const last = session.clientName.split(' ')[1] ?? session.clientName;
  const result = page.getByRole('status').filter({ hasText: 'Statement made for' });
  await expect(result).toContainText(last);
  await expect(result).toContainText(`amount due ${due}`);

  // The report, filtered to the client from its Billing page, lists it.
  await page.goto(`/n/client/${session.clientId}/billing`);
  await page.getByRole('link', { name: 'Statements', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Statements report' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Statements' });
  const row = table.getByRole('row').filter({ hasText: last });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(due);
  await expect(row).toContainText('Downloaded');

  // Its PDF says what is due.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Download the statement for/ }).click(),
  ]);
  const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Amount due');
  expect(text).toContain(due);

  // The superbill, a separate document for the insurer, from the client's Billing page.
  await page.goto(`/n/client/${session.clientId}/billing`);
  await page.getByRole('button', { name: 'Superbill' }).click();
  const superbill = page.getByRole('dialog', { name: 'Superbill' });
  await superbill.getByLabel(/^From/).fill(session.day);
  await superbill.getByLabel(/^To/).fill(nyDay(new Date()));
  const [superbillFile] = await Promise.all([
    page.waitForEvent('download'),
    superbill.getByRole('button', { name: 'Download superbill' }).click(),
  ]);
  const superbillText = execFileSync('pdftotext', [await superbillFile.path(), '-'], {
    encoding: 'utf8',
  });
  expect(superbillText).toContain('This is not a bill');
  expect(superbillText).toContain(due);
  await expect(superbill).toBeHidden();

  // Opened without the client in the address, after a reload, the filter is still the client.
  await page.goto('/n/billing/statement/statementsReport');
  await page.reload();
  await expect(
    page.getByRole('button', { name: new RegExp(`Client: ${session.clientName}`) }),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: last })).toHaveCount(1);
  expect(errors).toEqual([]);
});

for (const width of [1440, 375]) {
  test(`the statements pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const session = await chargedSessionAsBiller(page, 4);

    await page.goto(`/n/billing/statement?client=${session.clientId}`);
    await fillPeriod(page, session);
    await page.getByRole('button', { name: 'Make statement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Statement made for' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    await page.goto(`/n/billing/statement/statementsReport?client=${session.clientId}`);
    await expect(page.getByRole('region', { name: 'Statements' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);
  });
}
