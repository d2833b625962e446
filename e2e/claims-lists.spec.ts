import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * The claim lists end to end (issue 20 items 2 and 8): the biller opens Claims ready to submit
 * from the Insurance menu and finds the demo's ready claims; opens Claim scrub problems, reads
 * "The claim has no diagnosis." on a demo claim and follows its link to the client's Clinical
 * info, where diagnoses are added; both lists pass axe and fit 375 px.
 */

async function fitsThePhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a biller sees ready claims and a scrub problem, and follows the problem to its fix', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Insurance' }).click();
  await nav.getByRole('link', { name: 'Claims ready to submit' }).click();
  await expect(page).toHaveURL(/\/n\/billing\/claim\/readyToSubmit$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Claims ready to submit' }),
  ).toBeVisible();
  const ready = page.getByRole('region', { name: 'Claims ready to submit' });
  await expect(ready.getByRole('row').nth(1)).toContainText(/\$\d/);
  await expectNoSeriousA11yViolations(page);
  await fitsThePhone(page);

  // The menu folds into a drawer on the phone; the list's address opens it as the link does.
  await page.goto('/n/billing/claim/scrubProblem');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim scrub problems' })).toBeVisible();
  const problems = page.getByRole('region', { name: 'Claim scrub problems' });
  const row = problems.getByRole('row').filter({ hasText: 'The claim has no diagnosis.' }).first();
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fitsThePhone(page);

  // The link is reached by keyboard as any other: focus it and press Enter.
  const fix = row.getByRole('link', { name: 'Add the diagnosis' });
  await fix.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/n\/client\/\d+\?tab=clinical$/);
  await expect(page.getByRole('tab', { name: 'Clinical info' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(errors).toEqual([]);
});
