import { expect, test, type Browser, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl } from './support/demo';
import { openAccountMenu } from './support/shell';
import { signInAs } from './support/sign-in';

/** axe needs a page of its own context (see support/axe.ts). */
async function withPage(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('accessibility of the shell', () => {
  test('the default layout on a desktop, with the account menu open', async ({ browser }) => {
    await withPage(browser, null, async (page) => {
      await signInAs(page, 'manager');
      await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await openAccountMenu(page);
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('the default layout on a small screen, for a client and for staff', async ({ browser }) => {
    await withPage(browser, { width: 390, height: 844 }, async (page) => {
      await signInAs(page, 'client1');
      await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    await withPage(browser, { width: 390, height: 844 }, async (page) => {
      await signInAs(page, 'therapist1');
      await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      // Wait for the backdrop's fade, so colours are final.
      await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('the public layout (sign-in)', async ({ browser }) => {
    await withPage(browser, null, async (page) => {
      await page.goto(appUrl.signIn);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('the access denied and impersonation pages', async ({ browser }) => {
    await withPage(browser, null, async (page) => {
      await signInAs(page, 'frontoffice');
      await page.goto(appUrl.reporting);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    await withPage(browser, null, async (page) => {
      await signInAs(page, 'support', { next: '/admin/impersonate' });
      await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
});
