import { execFileSync } from 'node:child_process';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * Paper claims end to end (issue 20 item 5): the biller opens Print claims from the Insurance
 * menu, chooses red pre-printed forms with a printer offset, selects a demo claim of a payer the
 * practice bills on paper and prints it; the downloaded PDF (pdftotext) holds the client's name
 * in capitals as box 2 writes it, the claim's number and its service code; the claim leaves the
 * list (it is submitted) and the settings are remembered. The three print lists pass axe.
 */

test('a biller prints a primary claim on a CMS-1500 and reads it back', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Insurance' }).click();
  await nav.getByRole('link', { name: 'Print claims (CMS-1500)' }).click();
  await expect(page).toHaveURL(/\/n\/billing\/claim\/printPrimary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Print primary claims' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Print primary claims' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(/\$\d/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('radio', { name: /Red pre-printed CMS-1500 forms/ }).check();
  await page.getByRole('spinbutton', { name: 'Move right (points)' }).fill('3.5');
  const clientName = (await row.getByRole('rowheader').innerText()).trim();
  const claimNumber = (await row.getByRole('cell').nth(4).innerText()).split('\n')[0]?.trim() ?? '';
  await row.getByRole('checkbox').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print selected (1)' }).click(),
  ]);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], {
    encoding: 'utf8',
  });
  const [first, ...rest] = clientName.split(' ');
  expect(text).toContain(`${rest.join(' ')}, ${first ?? ''}`.toUpperCase());
  expect(text).toContain(claimNumber);
  expect(text).toMatch(/\b9\d{4}\b/);
  expect(text).toContain('SIGNATURE ON FILE');
  await expect(page.getByRole('alert').filter({ hasText: 'they are submitted' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: claimNumber })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The printer's settings are remembered in this browser.
  await page.reload();
  await expect(page.getByRole('radio', { name: /Red pre-printed CMS-1500 forms/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Move right (points)' })).toHaveValue('3.5');

  for (const [link, heading] of [
    ['Secondary (CMS-1500)', 'Print secondary claims'],
    ['Summaries', 'Print claim summaries'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Print lists' })
      .getByRole('link', { name: link })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('region', { name: heading }).getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  expect(errors).toEqual([]);
});
