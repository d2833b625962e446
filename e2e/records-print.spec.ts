import { execFileSync } from 'node:child_process';

import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName } from './support/client-profile';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Printing a client's records (issue 17 item 10; spec-1 §2, §4 Print flow, §8 Printing): a
 * manager opens Print records from a demo client's profile, chooses the record types, sees the
 * counts, prints, waits for the job and downloads the PDF, whose text holds the client, the
 * release and a locked note the demo charted. Readable (axe) at desktop width and at 375 px.
 */

const CHRIS = { firstName: 'Chris', lastName: 'Client' } as const;
const RELEASED_TO = 'Dr. Ellie Sattler';
const PURPOSE = 'Continuity of care';
/** Every demo note's objective (apps/server/src/seed/demo-charting.ts). */
const DEMO_NOTE_TEXT = 'Engaged and on time; good eye contact.';

async function openPrintPage(page: Page): Promise<number> {
  const clientId = await clientIdByName(page.request, 'Chris', CHRIS);
  await page.goto(`/n/client/${clientId}`);
  await page.getByRole('link', { name: 'Print records' }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/records/print/${clientId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Print records: Chris Client' }),
  ).toBeVisible();
  return clientId;
}

async function fillRelease(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Released to' }).fill(RELEASED_TO);
  await page.getByRole('textbox', { name: 'Release purpose' }).fill(PURPOSE);
}

/** The page leaves no part of itself out of reach sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test.describe('print records', () => {
  test('choose, count, print, wait and download a PDF with the records', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'manager');
    await openPrintPage(page);

    // The last 365 days, one PDF, nothing chosen: Print records does nothing yet.
    await expect(page.getByRole('switch', { name: 'One PDF for all record types' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Last 365 Days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Print records' }).click();
    await expect(page.getByRole('heading', { name: 'Matching records' })).toHaveCount(0);

    // To whom and why are needed.
    await page.getByRole('checkbox', { name: 'Patient chart' }).check();
    await page.getByRole('checkbox', { name: 'Appointments' }).check();
    await page.getByRole('button', { name: 'Print records' }).click();
    await expect(page.getByText('This is required.')).toHaveCount(2);
    await fillRelease(page);
    await page.getByRole('button', { name: 'Print records' }).click();

    // The counts come first.
    await expect(page.getByRole('heading', { name: 'Matching records' })).toBeVisible();
    const counts = page.getByRole('list', { name: 'Matching records by type' });
    await expect(counts.getByText(/^Patient chart: [1-9]\d*$/)).toBeVisible();
    await expect(counts.getByText(/^Appointments: [1-9]\d*$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /^Print \d+ records$/ }).click();

    // The job runs on the server; the page waits for it.
    await expect(page.getByRole('heading', { name: 'Your PDFs' })).toBeVisible();
    await expect(
      page.getByRole('status').getByText('Your export is ready for download.'),
    ).toBeVisible({ timeout: 30_000 });
    const downloadLink = page.getByRole('link', { name: 'Download Patient chart, Appointments' });
    await expectNoSeriousA11yViolations(page);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
    for (const expected of [
      'Riverbend Counseling Collective',
      'Client records',
      'Chris Client',
      `Released to: ${RELEASED_TO}`,
      `Purpose: ${PURPOSE}`,
      'Patient chart',
      DEMO_NOTE_TEXT,
      'SHA-256',
      'Appointments',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The link works once: the list now says so.
    await expect(downloadLink).toHaveCount(0);
    await expect(page.getByText('downloaded', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('asked to be sent a message, the page does not wait; readable at 375 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, 'manager');
    await openPrintPage(page);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: 'Appointments' }).check();
    await fillRelease(page);
    await page.getByRole('checkbox', { name: /Send me a message/ }).check();
    // One date alone is cleared with its partner: every date is printed.
    await page.getByLabel('Start date').fill('');
    await page.getByRole('button', { name: 'Print records' }).click();
    await expect(page.getByRole('heading', { name: 'Matching records' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /^Print \d+ records?$/ }).click();
    const message = "Generating your PDFs. We'll send you a message when they're ready!";
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your PDFs' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
