import { expect, test } from './support/test';

import { signInAs } from './support/sign-in';

test('a toast in the address shows once the page loads, then leaves the address', async ({
  page,
}) => {
  await signInAs(page, 'therapist2');
  await page.goto('/n/?toast=Hello%20there&toastType=success&keep=1');

  await expect(page.getByText('Hello there')).toBeVisible();
  await expect(page).toHaveURL(/\/n\/\?keep=1$/);
});

test('a toast shows on a public page too', async ({ page }) => {
  await page.goto('/n/public/login?toast=Welcome%20back');

  await expect(page.getByText('Welcome back')).toBeVisible();
  await expect(page).toHaveURL(/\/n\/public\/login$/);
});
