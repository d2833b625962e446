import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

const REPORTS = [
  { report: 'expiringPolicies', title: 'Expiring policies' },
  { report: 'expiringPrecerts', title: 'Expiring precerts' },
  { report: 'unconfirmedPolicies', title: 'Unconfirmed policies' },
  { report: 'unverifiedPolicies', title: 'Unverified policies' },
  { report: 'visitLimits', title: 'Visit limits' },
] as const;

type ReportRow = { patientId: number; clientName: string; lastName: string };
type ReportAnswer = { data: ReportRow[]; total: number };

const reportUrl = (report: string, query = '') => `/n/insurance/reports/${report}${query}`;

/** The report as the server answers it to the page's session (seeded demo data). */
async function reportRows(page: Page, report: string, query = ''): Promise<ReportAnswer> {
  const response = await page.request.get(`/api/insuranceReports/${report}${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ReportAnswer;
}

test.describe('insurance reports', () => {
  for (const { report, title } of REPORTS) {
    test(`the owner opens ${title} and finds a seeded client with a link to their insurance`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await signInAs(page, 'owner');
      const expected = await reportRows(page, report);
      expect(expected.total, `${report} has demo rows`).toBeGreaterThan(0);
      const first = expected.data[0];
      if (!first) throw new Error(`${report} returned no rows`);

      await page.goto(reportUrl(report));
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Insurance reports' });
      await expect(nav.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
      const table = page.getByRole('table', { name: title });
      const link = table.getByRole('link', { name: first.clientName }).first();
      await expect(link).toHaveAttribute(
        'href',
        `/n/client/${String(first.patientId)}?tab=insurance`,
      );
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });
  }

  test('sorting a column reorders the list and is kept in the address', async ({ page }) => {
    test.slow();
    const errors = collectPageErrors(page);
    await signInAs(page, 'owner');
    const byClient = await reportRows(page, 'unconfirmedPolicies', '?sort=client&direction=desc');
    const firstByClient = byClient.data[0];
    if (!firstByClient) throw new Error('no unconfirmed policies');

    await page.goto(reportUrl('unconfirmedPolicies'));
    const table = page.getByRole('table', { name: 'Unconfirmed policies' });
    // This report starts sorted by client, A to Z; a click turns it round, another back.
    const clientHeader = table.getByRole('columnheader', { name: 'Client' });
    await expect(clientHeader).toHaveAttribute('aria-sort', 'ascending');
    await clientHeader.getByRole('button').click();
    await expect(page).toHaveURL(/sort=client&direction=desc/);
    await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('link')).toHaveText(firstByClient.clientName);

    // The link opens the client's record.
    await firstRow.getByRole('link').click();
    await expect(page).toHaveURL(
      new RegExp(`/n/client/${String(firstByClient.patientId)}\\?tab=insurance$`),
    );
    await expect(
      page.getByRole('heading', { name: firstByClient.clientName, level: 1 }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a longer window shows policies that end later', async ({ page }) => {
    await signInAs(page, 'biller');
    const month = await reportRows(page, 'expiringPolicies');
    const twoMonths = await reportRows(page, 'expiringPolicies', '?days=60');
    expect(twoMonths.total).toBeGreaterThan(month.total);

    await page.goto(reportUrl('expiringPolicies'));
    const table = page.getByRole('table', { name: 'Expiring policies' });
    await expect(table.getByRole('row')).toHaveCount(Math.min(month.total, 50) + 1);
    await page.getByRole('combobox', { name: 'Ending within' }).click();
    await page.getByRole('option', { name: '60 days' }).click();
    await expect(page).toHaveURL(/days=60/);
    await expect(table.getByRole('row')).toHaveCount(Math.min(twoMonths.total, 50) + 1);
  });

  test('the billing role only: a therapist is turned away', async ({ page }) => {
    await signInAs(page, 'therapist2');
    await page.goto(reportUrl('visitLimits'));
    await expect(page).toHaveURL(/\/n\/accessdenied/);
  });
});

test.describe('insurance payers', () => {
  test('a biller adds a payer, is told of a duplicate payer ID, and ends it', async ({ page }) => {
    test.slow();
    const errors = collectPageErrors(page);
    const suffix = uniqueSuffix().toUpperCase();
    const label = `Northern Light Health ${suffix}`;
    const payerId = `NL${suffix}`;
    const displayLabel = `${label} (${payerId})`;

    await signInAs(page, 'biller');
    await page.goto('/n/practice/insurance');
    await expect(page.getByRole('heading', { name: 'Insurance payers', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Insurance payers' });
    await expect(table.getByRole('row').filter({ hasText: 'Aetna (60054)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add payer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payer' });
    await dialog.getByLabel('Name').fill(label);
    await dialog.getByLabel('Payer ID').fill(payerId);
    await dialog.getByLabel('Address').fill('PO Box 2200');
    await dialog.getByLabel('City').fill('Bangor');
    await dialog.getByLabel('State').fill('ME');
    await dialog.getByLabel('ZIP code').fill('0440');
    await dialog.getByLabel('Phone').fill('207-555-0177');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a five-digit ZIP code.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('ZIP code').fill('04402-2200');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Payer added.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row').filter({ hasText: displayLabel });
    await expect(row).toContainText('PO Box 2200, Bangor, ME 04402-2200');
    await expect(row).toContainText('(207) 555-0177');
    await expect(row).toContainText('Active');

    // The same payer ID again is refused, on the field.
    await page.getByRole('button', { name: 'Add payer' }).click();
    await dialog.getByLabel('Name').fill(`${label} again`);
    await dialog.getByLabel('Payer ID').fill(payerId.toLowerCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A payer with that payer ID already exists.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: `End ${displayLabel}` }).click();
    const confirm = page.getByRole('dialog', { name: `End ${displayLabel}?` });
    await confirm.getByRole('button', { name: 'End payer' }).click();
    await expect(page.getByText(`${label} ended.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByRole('switch', { name: 'Show ended payers' }).check();
    await expect(row).toContainText('Ended');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
