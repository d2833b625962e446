import { expect, test, type Browser, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName, MARGARET, openTab, profileUrl } from './support/client-profile';
import { signInByApi } from './support/session-settings';
import { signInAs } from './support/sign-in';

/**
 * Who sees what of a client's record: a therapist who does not treat the
 * client sees nothing, front office sees the basics without the personal
 * parts, and every tab a manager sees passes an accessibility scan.
 */

let margaretId = 0;

test.beforeAll(async ({ playwright, appServer }) => {
  const request = await playwright.request.newContext({ baseURL: appServer.baseURL });
  await signInByApi(request, 'manager');
  margaretId = await clientIdByName(request, 'hamilton', MARGARET);
  await request.dispose();
});

/** axe needs a page of its own context (see support/axe.ts). */
async function withPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('access to the client profile', () => {
  test("a therapist opening another therapist's client is told they have no access", async ({
    page,
  }) => {
    await signInAs(page, 'therapist2');
    await page.goto(profileUrl(margaretId));
    await expect(page.getByText('You do not have access to this client.')).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(
      page.getByText('Unable to load client personal and contact information.'),
    ).toHaveCount(0);
  });

  test('front office sees basic details read-only, without demographics or clinical info', async ({
    page,
  }) => {
    await signInAs(page, 'frontoffice');
    await page.goto(profileUrl(margaretId));
    await expect(page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Client record' });
    await expect(tabs.getByRole('tab', { name: 'Basic details' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Phones' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Demographics' })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Clinical info' })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Memo' })).toHaveCount(0);

    await expect(page.getByLabel('First name')).toHaveValue('Margaret');
    await expect(page.getByLabel('First name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    // A hidden tab named in the address opens the first tab instead.
    await page.goto(profileUrl(margaretId, 'clinical'));
    await expect(tabs.getByRole('tab', { name: 'Basic details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('every tab a manager sees, and the login history, pass an accessibility scan', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    await withPage(browser, async (page) => {
      await signInAs(page, 'manager');
      await page.goto(profileUrl(margaretId));
      const tabs = page.getByRole('tablist', { name: 'Client record' }).getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      const names = await tabs.allTextContents();
      expect(names.length).toBeGreaterThan(15);
      for (const name of names) {
        await openTab(page, name);
        await expectNoSeriousA11yViolations(page);
      }

      await page.goto(`${profileUrl(margaretId)}/loginHistory`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Portal login history' }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
});
