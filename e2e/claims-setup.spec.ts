import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * Claim set-up end to end (issue 20 item 1): the biller opens /perclaim/setup from the
 * Insurance menu, sees the demo practice set up on the local clearinghouse, is stopped by a
 * wrong NPI check digit and by a PO box as the physical address, saves with the PO box as the
 * pay-to address, and finds everything kept after a reload; at 375 px the page fits.
 */

test('a biller fills the claim set-up, is told what is wrong, saves and finds it kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Insurance' }).click();
  await nav.getByRole('link', { name: 'Claim set-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim set-up' })).toBeVisible();
  await expect(page).toHaveURL(/\/n\/perclaim\/setup$/);
  await expect(
    page.getByText(/Test mode: claims go to the local test clearinghouse/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const npi = page.getByRole('textbox', { name: 'Billing NPI' });
  await expect(npi).toHaveValue(/^\d{10}$/);
  const name = `Riverbend Claims Group ${String(Date.now() % 100_000)}`;
  await page.getByRole('textbox', { name: 'Organisation name' }).fill(name);
  await npi.fill('1234567890');
  const physical = page.getByRole('group', { name: /Physical address/ });
  await physical.getByRole('textbox', { name: 'Street address' }).fill('PO Box 77');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(/NPI is not valid: it must be 10 digits with a valid check digit/),
  ).toBeVisible();
  await expect(page.getByText(/address is a PO box\. Payers need a street address/)).toBeVisible();
  await expect(npi).toHaveAttribute('aria-invalid', 'true');

  await npi.fill('1234567893');
  await physical.getByRole('textbox', { name: 'Street address' }).fill('100 Commercial St Ste 300');
  await page.getByRole('textbox', { name: 'Taxonomy code' }).fill('103t00000x');
  await page.getByRole('checkbox', { name: /Payments go to another address/ }).check();
  const payTo = page.getByRole('group', { name: 'Pay-to address' });
  await payTo.getByRole('textbox', { name: 'Street address' }).fill('PO Box 4455');
  await payTo.getByRole('textbox', { name: 'City' }).fill('Portland');
  await payTo.getByRole('textbox', { name: 'State' }).fill('ME');
  await payTo.getByRole('textbox', { name: 'ZIP code' }).fill('04112');
  const firstEra = page.getByRole('checkbox', { name: /^ERAs from / }).first();
  await firstEra.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Claim set-up saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Organisation name' })).toHaveValue(name);
  await expect(npi).toHaveValue('1234567893');
  await expect(page.getByRole('textbox', { name: 'Taxonomy code' })).toHaveValue('103T00000X');
  await expect(
    page
      .getByRole('group', { name: 'Pay-to address' })
      .getByRole('textbox', { name: 'Street address' }),
  ).toHaveValue('PO Box 4455');
  await expect(page.getByRole('checkbox', { name: /^ERAs from / }).first()).not.toBeChecked();
  await expect(page.getByText(/^Last saved .* by /)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { level: 1, name: 'Claim set-up' })).toBeInViewport();
  await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('a therapist without the billing role is refused the page', async ({ page }) => {
  await signInAs(page, 'therapist2', { next: '/perclaim/setup' });
  await expect(page).toHaveURL(/\/n\/accessdenied$/);
});
