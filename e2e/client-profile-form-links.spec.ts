import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName } from './support/client-profile';
import { signInAs } from './support/sign-in';

/**
 * The client profile links to the client's Forms and Measures (issue 18): a manager sees
 * both and follows them; a biller, who may see the record but not clinical scores, sees
 * Forms only.
 */

const CHRIS = { firstName: 'Chris', lastName: 'Client' } as const;

test('a manager follows Forms and Measures from the profile', async ({ page }) => {
  await signInAs(page, 'manager');
  const id = await clientIdByName(page.request, 'Chris', CHRIS);
  await page.goto(`/n/client/${String(id)}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Chris Client' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Measures', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/forms\\?patientId=${String(id)}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forms of Chris Client' }),
  ).toBeVisible();

  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Measures', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/${String(id)}/measures$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Measures' })).toBeVisible();
});

test('a biller sees Forms but not Measures', async ({ page }) => {
  await signInAs(page, 'biller');
  const id = await clientIdByName(page.request, 'Chris', CHRIS);
  await page.goto(`/n/client/${String(id)}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Chris Client' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Forms', exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Measures', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
