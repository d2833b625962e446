import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName, MARGARET, profileUrl, toast } from './support/client-profile';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The referral fax on Margaret Hamilton's record, as the manager sends it.
 * The e2e server has no FAX_URL, so the local adapter keeps the fax (and its
 * PDF) and the app says it was not sent. The test leaves her without a
 * referral source, as the other specs expect.
 */

async function chooseReferralSource(page: Page, option: string): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('combobox', { name: 'Referral source' }).click();
  await page.getByRole('option', { name: option }).click();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated.')).toBeVisible();
}

async function removeReferralSource(page: Page): Promise<void> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the referral source?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByText('No referral source.')).toBeVisible();
}

test('sends the referral acknowledgement fax and lists it with its PDF', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'manager');
  const margaretId = await clientIdByName(page.request, 'hamilton', MARGARET);
  await page.goto(profileUrl(margaretId, 'referral'));
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No referral source.')).toBeVisible();

  // A source without a fax number cannot be faxed.
  await chooseReferralSource(
    page,
    'Casco Bay High School counselling office (Portland Public Schools)',
  );
  await expect(panel.getByText('The referral source has no fax number.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send fax' })).toHaveCount(0);

  await chooseReferralSource(page, 'Dr. Alan Grant (Maine Medical Partners)');
  await panel.getByRole('button', { name: 'Send fax' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send fax to the referral source' });
  await expect(dialog.getByRole('textbox', { name: 'Fax number' })).toHaveValue('(207) 555-0143');
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    'Referral acknowledgement: Margaret Hamilton',
  );
  const letter = dialog.getByRole('textbox', { name: 'Letter' });
  await expect(letter).toContainText('Dear Dr. Alan Grant,');
  await expect(letter).toContainText('Margaret Hamilton (date of birth 06/15/1985)');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Fax saved (no fax service configured).')).toBeVisible();
  await expect(dialog).toBeHidden();

  const faxes = panel.getByRole('table', { name: 'Faxes' });
  const row = faxes
    .getByRole('row')
    .filter({ hasText: 'Referral acknowledgement: Margaret Hamilton' })
    .first();
  await expect(row).toContainText('Dr. Alan Grant, (207) 555-0143');
  await expect(row).toContainText('Not sent (no fax service configured)');
  const href = await row.getByRole('link', { name: /^Open PDF/ }).getAttribute('href');
  expect(href).toMatch(/^\/api\/storage\/file\//);
  const pdf = await page.request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await removeReferralSource(page);
  expect(errors).toEqual([]);
});
