import { expect, test } from './support/test';

import { appUrl } from './support/demo';
import { signInAs } from './support/sign-in';

test.describe('error pages', () => {
  test('a missing page says so and links home', async ({ page }) => {
    await signInAs(page, 'therapist2');
    await page.goto('/n/nope');

    await expect(page.getByText("That's not a valid page.")).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
  });

  test('a page that fails offers to report the issue to support', async ({ page }) => {
    await signInAs(page, 'therapist2');
    await page.goto(appUrl.debugCrash);

    await expect(
      page.getByRole('heading', { name: "Oops! It looks like there's been a problem." }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Use the 'Report the Issue' button below if you would like to file a support ticket.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toBeVisible();
    // The shell stays around the failed page.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.getByRole('button', { name: 'Report the Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the Issue' });
    await expect(dialog.getByLabel('Subject')).toHaveValue(/Deliberate crash/);
    await expect(dialog.getByLabel('Message')).toHaveValue(/Deliberate crash/);

    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/support/tickets') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('Thanks — your report was sent to support.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
