import { expect, test } from './support/test';

import { appUrl, demoNames } from './support/demo';
import { openAccountMenu } from './support/shell';
import { signInAs } from './support/sign-in';

test('support acts as the manager of Riverbend, then stops', async ({ page }) => {
  // Two sign-ins, two full page loads and a form: generous on a busy machine.
  test.setTimeout(90_000);
  await signInAs(page, 'support', { next: '/admin/impersonate' });
  await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Practice' }).click();
  await page.getByRole('option', { name: demoNames.firstPractice }).click();
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: `${demoNames.manager} (manager)` }).click();
  await expect(page.getByText('Access ends automatically after 60 minutes.')).toBeVisible();

  // The reason is required: the practice sees it in its audit log.
  await page.getByRole('button', { name: 'Act as this user' }).click();
  const reason = page.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toHaveAccessibleDescription('This is required.');
  await expect(page).toHaveURL(new RegExp(`${appUrl.impersonate}$`));
  await reason.fill('Ticket 4821: the week view is empty');
  await page.getByRole('button', { name: 'Act as this user' }).click();

  await expect(page).toHaveURL(/\/n\/$/);
  await expect(page.getByRole('heading', { name: `Hi, ${demoNames.manager}!` })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(
    `You are acting as ${demoNames.manager} (${demoNames.firstPractice}). Impersonated by ${demoNames.support}.`,
  );
  await expect(banner).toContainText(/Support access ends at \d{1,2}:\d{2}/);

  const menu = await openAccountMenu(page);
  await expect(menu.getByText(`Impersonated by ${demoNames.support}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await banner.getByRole('button', { name: 'Stop impersonating' }).click();
  await expect(page).toHaveURL(new RegExp(`${appUrl.impersonate}$`));
  await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
});
