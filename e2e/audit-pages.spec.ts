import { readFile } from 'node:fs/promises';

import { expect, type Locator, type Page, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The audit pages (issue 13 item 13): the owner reads who accessed a client's
 * record, with the audit chain's state, and exports it; email monitoring
 * suppresses an address and lets it go again.
 */

const ACCESS_URL = '/n/reporting/audit/patientRecordAccess';
const EMAIL_URL = '/n/reporting/audit/emailMonitoring';
const NARROW = { width: 375, height: 812 };

/** The page body does not scroll sideways: only a table may, inside its own container. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document, 'document scroll width').toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, 'body scroll width').toBeLessThanOrEqual(widths.viewport);
}

/** Within the screen's width once scrolled to (so it can be read and used without sideways scrolling). */
async function expectWithinWidth(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(NARROW.width);
}

const lastHeader = async (table: Locator) =>
  ((await table.getByRole('columnheader').last().textContent()) ?? '').trim();

/** A table scrolled inside its own container: its last column can be brought into view. */
async function expectTableReachable(table: Locator, lastColumn: string) {
  await expectWithinWidth(table.locator('xpath=..'));
  const header = table.getByRole('columnheader', { name: lastColumn });
  await header.scrollIntoViewIfNeeded();
  await expect(header).toBeInViewport();
}

test.describe('audit pages', () => {
  test('record access: from the profile, filtered by client, chain state, CSV', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'owner');

    // Open Margaret's record (a view the report will show), then her access history.
    await page.goto('/n/client/allClients');
    await page.getByLabel('Search clients').fill('hamil');
    await page
      .getByRole('link', { name: /Hamilton/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Margaret');
    await page.getByRole('link', { name: 'Access history' }).click();

    await expect(page).toHaveURL(new RegExp(`${ACCESS_URL}\\?patientId=\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Record access' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Client: Margaret Hamilton/ })).toBeVisible();
    await expect(page.getByText(/^Verified through \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Record access' });
    await expect(table.getByRole('row').nth(1)).toContainText('Margaret Hamilton');
    await expect(table).toContainText('client.profile_read');
    await expectNoSeriousA11yViolations(page);

    // Only the views: the owner's own read of the record is among them.
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'View', exact: true }).click();
    await expect(table).toContainText('Olivia Owens');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('Starting download')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^patient-record-access-.*\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Time,Timestamp \(UTC\),User,/);
    expect(lines.slice(1).every((line) => line.includes('Margaret Hamilton'))).toBe(true);
    await expect(page.getByText('Download complete.')).toBeVisible();

    // Reading the report and exporting it are themselves on the record.
    await page.reload();
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Export', exact: true }).click();
    await expect(table).toContainText('client.access_report_exported');
    expect(errors).toEqual([]);
  });

  test('email monitoring: suppress an address and let it go again', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'owner');
    await page.goto(EMAIL_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Email monitoring' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Suppression list' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const address = `complainer-${Date.now()}@example.com`;
    const form = page.getByRole('form', { name: 'Suppress an address' });
    await form.getByLabel('Email address').fill(address);
    await expect(form.getByRole('combobox', { name: 'Reason' })).toContainText('Complaint');
    await form.getByRole('button', { name: 'Suppress' }).click();
    await expect(page.getByText(`${address} will not be sent email.`)).toBeVisible();
    const list = page.getByRole('table', { name: 'Suppressed addresses' });
    await expect(list.getByRole('row', { name: new RegExp(address) })).toContainText('Complaint');

    await list.getByRole('button', { name: `Remove ${address}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${address} was removed from the suppression list.`)).toBeVisible();
    await expect(list.getByRole('row', { name: new RegExp(address) })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
  test('at 375 px both pages fit the screen: heading, filters and table reachable', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize(NARROW);
    await signInAs(page, 'owner');

    // Listing clients is a record access of its own, so the report has rows to show.
    await page.goto('/n/client/allClients');
    await expect(page.getByLabel('Search clients')).toBeVisible();
    await page.goto(ACCESS_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Record access' })).toBeInViewport();
    const accessFilters = page.getByRole('group', { name: 'Filters' });
    for (const field of [
      accessFilters.getByRole('combobox', { name: 'Client' }),
      accessFilters.getByRole('combobox', { name: 'User' }),
      accessFilters.getByRole('combobox', { name: 'What' }),
      accessFilters.getByLabel('From'),
      accessFilters.getByLabel('To', { exact: true }),
      accessFilters.getByRole('button', { name: 'Export CSV' }),
    ]) {
      await expectWithinWidth(field);
    }
    const access = page.getByRole('table', { name: 'Record access' });
    await expect(access.getByRole('row').nth(1)).toBeVisible();
    await expectTableReachable(access, 'Address');
    await expectNoSidewaysScroll(page);

    await page.goto(EMAIL_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Email monitoring' }),
    ).toBeInViewport();
    const emailFilters = page.getByRole('group', { name: 'Filters' });
    await expectWithinWidth(emailFilters.getByRole('textbox', { name: 'Address' }));
    await expectWithinWidth(emailFilters.getByRole('combobox', { name: 'Status' }));
    await expectWithinWidth(emailFilters.getByRole('group', { name: 'Period' }));
    // The suppression form is usable, and its list reachable.
    const address = `narrow-${Date.now()}@example.com`;
    const form = page.getByRole('form', { name: 'Suppress an address' });
    await expectWithinWidth(form.getByLabel('Email address'));
    await form.getByLabel('Email address').fill(address);
    await expectWithinWidth(form.getByRole('button', { name: 'Suppress' }));
    await form.getByRole('button', { name: 'Suppress' }).click();
    const list = page.getByRole('table', { name: 'Suppressed addresses' });
    await expect(list.getByRole('row', { name: new RegExp(address) })).toBeVisible();
    await expectTableReachable(list, await lastHeader(list));
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
