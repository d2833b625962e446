import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseOptions, clientUrl, demoTherapists } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/** The header line of the CSV export (apps/server/src/modules/clients/search/search-routes.ts). */
const CSV_HEADER =
  'Account number,Last name,First name,Nickname,Date of birth,Therapists,Group,Primary insurance,' +
  'Insurance number,Secondary insurance,Responsible party,Email,Phone,Payment type,Status,Added';

const SEARCH_FAILED = "We're having trouble search for clients right now.";

const results = (page: Page) => page.getByRole('table', { name: 'Clients' });
const columnHeader = (page: Page, name: string) =>
  results(page).getByRole('columnheader', { name, exact: true });
const filters = (page: Page) => page.getByRole('group', { name: 'Filters' });
/** The results have loaded (no skeleton rows). */
const loaded = (page: Page) => expect(results(page)).toHaveAttribute('aria-busy', 'false');

test.describe('client search', () => {
  test('a manager finds a client by part of her name and opens her record', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager', { next: '/client/allClients' });
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search in' })).toHaveText('All Clients');
    await loaded(page);
    // A manager looking across therapists sees who each client's therapist is.
    await expect(columnHeader(page, 'Therapist')).toBeVisible();

    await page.getByLabel('Search clients').fill('hamil');
    const margaret = results(page).getByRole('link', { name: 'Margaret Hamilton' });
    await expect(margaret).toBeVisible();
    await loaded(page);
    await expect(page.getByRole('status').filter({ hasText: /clients?$/ })).toHaveText('1 client');
    const row = results(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Margaret Hamilton' }) });
    await expect(row).toContainText(demoTherapists.therapist1);
    await expect(row).toContainText('(207) 555-0102');
    await expect(row).toContainText('06/15/1985');

    await margaret.click();
    await expect(page).toHaveURL(clientUrl.profile);
    expect(errors).toEqual([]);
  });

  test('filters by therapist, pages through the results and remembers the filter', async ({
    page,
  }) => {
    await signInAs(page, 'manager', { next: '/client/allClients' });
    await loaded(page);
    const summary = page.getByRole('status').filter({ hasText: /clients?$/ });
    await expect(summary).toHaveText(/^\d+ clients$/);
    const everyone = Number((await summary.textContent())?.split(' ')[0]);
    expect(everyone).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText(`51–100 of ${everyone}`)).toBeVisible();
    await loaded(page);
    await expect(results(page).getByRole('row')).toHaveCount(51);
    await expect(page.getByText('Rows per page: 50')).toBeVisible();

    await chooseOptions(page, 'Therapists', [demoTherapists.therapist2]);
    await loaded(page);
    // A new filter starts again at the first page; one therapist needs no therapist column.
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
    await expect(columnHeader(page, 'Therapist')).toHaveCount(0);
    const filtered = Number((await summary.textContent())?.split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(everyone);
    await expect(results(page).getByRole('link', { name: 'Bob Sinclair' })).toBeVisible();

    // Filters last for the session: a reload keeps them.
    await page.reload();
    await loaded(page);
    await expect(filters(page).getByText(demoTherapists.therapist2)).toBeVisible();
    await expect(summary).toHaveText(`${filtered} clients`);

    // Opening All Clients again from the menu starts the search over.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'All Clients' })
      .click();
    await loaded(page);
    await expect(summary).toHaveText(`${everyone} clients`);
    await expect(filters(page).getByText(demoTherapists.therapist2)).toHaveCount(0);
  });

  test('sorts by account number and exports the search as CSV', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/client/allClients' });
    await loaded(page);
    await page.getByRole('button', { name: 'Account number' }).click();
    await loaded(page);
    await expect(columnHeader(page, 'Account number')).toHaveAttribute('aria-sort', 'ascending');
    await expect(results(page).getByRole('row').nth(1)).toContainText('C000001001');

    await page.getByLabel('Search clients').fill('hamil');
    await expect(page.getByRole('status').filter({ hasText: /clients?$/ })).toHaveText('1 client');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('Starting download')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Hamilton,Margaret');
    await expect(page.getByText('Download complete.')).toBeVisible();
  });

  test('new clients come newest first', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/client/newClients' });
    await expect(page.getByRole('heading', { name: 'New Clients', level: 1 })).toBeVisible();
    await loaded(page);
    await expect(columnHeader(page, 'Added')).toHaveAttribute('aria-sort', 'descending');
  });

  test('a therapist starts in My Clients, with the therapist column only for several therapists', async ({
    page,
  }) => {
    await signInAs(page, 'therapist1', { next: '/client/myClients' });
    const context = page.getByRole('combobox', { name: 'Search in' });
    await expect(context).toHaveText('My Clients');
    await loaded(page);
    await expect(results(page).getByRole('link', { name: 'Margaret Hamilton' })).toBeVisible();
    await expect(columnHeader(page, 'Therapist')).toHaveCount(0);

    // All Clients is not offered to a therapist alone: the search starts in the first context offered.
    await page.goto(clientUrl.allClients);
    await expect(context).toHaveText('My Clients');
    await context.click();
    await expect(page.getByRole('option', { name: 'All Clients' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Clients of Supervisees' }).click();
    await loaded(page);

    await chooseOptions(page, 'Therapists', [demoTherapists.therapist1, demoTherapists.therapist3]);
    await loaded(page);
    await expect(columnHeader(page, 'Therapist')).toBeVisible();
  });

  test('Go to client opens a client chosen with the keyboard', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/client/allClients' });
    const box = page.getByRole('combobox', { name: 'Go to client' });
    await box.fill('sincl');
    await expect(page.getByRole('option', { name: /Bob Sinclair/ })).toBeVisible();
    // The first result is highlighted: Enter chooses it.
    await box.press('Enter');
    await expect(page).toHaveURL(clientUrl.profile);

    await page.goto(clientUrl.allClients);
    await box.fill('zzzzqx');
    await expect(page.getByText('No clients found')).toBeVisible();
  });

  test('a search replaced by a newer one is cancelled quietly; a failed one says so', async ({
    page,
  }) => {
    await signInAs(page, 'manager', { next: '/client/allClients' });
    await loaded(page);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/patient/findPatients')) aborted.push(request.url());
    });
    // The first search is held until the second one is sent, so it is surely still running
    // then, however slow the machine (a fixed delay lost that race on a busy CI machine).
    let releaseFirst: () => void = () => undefined;
    const secondSent = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    await page.route('**/api/patient/findPatients?*', async (route) => {
      if (route.request().url().includes('search=ham&')) {
        await secondSent;
        // A moment more, for the page to drop the first search as the second starts.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } else releaseFirst();
      await route.continue().catch(() => undefined);
    });
    const search = page.getByLabel('Search clients');
    await search.fill('ham');
    await page.waitForRequest((request) => request.url().includes('search=ham&'));
    await search.fill('hamil');
    await expect(results(page).getByRole('link', { name: 'Margaret Hamilton' })).toBeVisible();
    await loaded(page);
    expect(aborted.some((url) => url.includes('search=ham&'))).toBe(true);
    await expect(page.getByText(SEARCH_FAILED)).toHaveCount(0);

    await page.unroute('**/api/patient/findPatients?*');
    await page.route('**/api/patient/findPatients?*', (route) =>
      route.fulfill({ status: 400, json: { status: 'error', message: 'Bad search.' } }),
    );
    await search.fill('hamilton');
    await expect(page.getByRole('alert').filter({ hasText: SEARCH_FAILED })).toBeVisible();
  });

  test('the search page has no serious accessibility problems', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, 'manager', { next: '/client/allClients' });
      await loaded(page);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
