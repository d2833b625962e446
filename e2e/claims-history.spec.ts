import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * A claim's history end to end (issue 20 item 8, spec-1 §2 `/billing/claim/history/{id}`):
 * from a ready claim's row the biller opens its history, reads its version, its services and
 * its events as the log holds them (made, then scrubbed clean); the page passes axe and fits
 * a phone; the address without a claim says where claims are listed.
 */
test('a biller opens a ready claim’s history from its list', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller', { next: '/billing/claim/readyToSubmit' });
  const ready = page.getByRole('region', { name: 'Claims ready to submit' });
  const row = ready.getByRole('row').nth(1);
  const client = (await row.getByRole('rowheader').innerText()).trim();
  await row.getByRole('link', { name: /^Claim .+: its history$/ }).click();

  await expect(page).toHaveURL(/\/n\/billing\/claim\/history\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Claim history: ${client}` }),
  ).toBeVisible();
  await expect(page.getByText('Ready to submit', { exact: true })).toBeVisible();
  const version = page.getByRole('region', { name: /^Version 1 \(original\): / });
  await expect(version.getByRole('region', { name: 'Services of version 1' })).toContainText(
    /\$\d/,
  );
  const events = version.getByRole('listitem');
  await expect(events.first()).toContainText('created');
  await expect(events.last()).toContainText('then Ready to submit');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/n/billing/claim/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim history' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Claim scrub problems' }).click();
  await expect(page).toHaveURL(/\/n\/billing\/claim\/scrubProblem$/);
  expect(errors).toEqual([]);
});
