import { execFileSync } from 'node:child_process';

import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName } from './support/client-profile';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Printing a treatment plan (issue 18 item 7): the print page offers the plan types, past
 * plans and form responses; a manager prints Chris Client's plan from Theresa Quinn (the demo
 * signed it for her) and the PDF holds it with its signature.
 */

const CHRIS = { firstName: 'Chris', lastName: 'Client' } as const;

test('a manager prints a client’s treatment plan with its signature', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  const id = await clientIdByName(page.request, 'Chris', CHRIS);
  await page.goto(`/n/client/records/print/${String(id)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Print records: Chris Client' }),
  ).toBeVisible();
  for (const name of ['Treatment plan', 'Past treatment plans', 'Form responses']) {
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('checkbox', { name: 'Treatment plan', exact: true }).check();
  await page.getByRole('textbox', { name: 'Released to' }).fill('Dr. Ellie Sattler');
  await page.getByRole('textbox', { name: 'Release purpose' }).fill('Continuity of care');
  await page.getByRole('button', { name: 'Print records' }).click();
  const counts = page.getByRole('list', { name: 'Matching records by type' });
  await expect(counts.getByText(/^Treatment plan: [1-9]\d*$/)).toBeVisible();
  await page.getByRole('button', { name: /^Print \d+ records?$/ }).click();
  await expect(
    page.getByRole('status').getByText('Your export is ready for download.'),
  ).toBeVisible({ timeout: 30_000 });
  const link = page.getByRole('link', { name: 'Download Treatment plan' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
  for (const expected of [
    'Chris Client',
    'Treatment plan with Theresa Quinn, version',
    'Long-term goals and measurable objectives',
    'Signed by Theresa Quinn',
    'SHA-256',
  ]) {
    expect(text, expected).toContain(expected);
  }
  expect(errors).toEqual([]);
});
