import { expect, test } from './support/test';

import { appUrl, DEMO_PASSWORD, demoNames, type DemoUser } from './support/demo';
import { collectPageErrors } from './support/page-errors';
import { setInactivityLimit } from './support/session-settings';
import { openAccountMenu, topBar } from './support/shell';
import { signInAs } from './support/sign-in';

/** Every demo role, and whether the top bar offers it the practice settings. */
const ROLES: { user: DemoUser; settings: boolean }[] = [
  { user: 'owner', settings: true },
  { user: 'manager', settings: true },
  { user: 'therapist1', settings: false },
  { user: 'scheduler', settings: false },
  { user: 'biller', settings: false },
  { user: 'frontoffice', settings: false },
  { user: 'staffadmin', settings: true },
  { user: 'custodian', settings: false },
  { user: 'support', settings: false },
  { user: 'client1', settings: false },
  { user: 'owner2', settings: true },
  { user: 'agent', settings: false },
];

test.describe('the navigation shell', () => {
  for (const { user, settings } of ROLES) {
    test(`${user} sees the shell with its own navigation${settings ? ' and Settings' : ''}`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await signInAs(page, user);

      await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      await expect(topBar(page).getByRole('button', { name: 'Account menu' })).toBeVisible();

      const settingsButton = topBar(page).getByRole('link', { name: 'Settings' });
      if (settings) await expect(settingsButton).toBeVisible();
      else await expect(settingsButton).toHaveCount(0);

      const impersonate = nav.getByRole('link', { name: 'Impersonate' });
      if (user === 'support') await expect(impersonate).toBeVisible();
      else await expect(impersonate).toHaveCount(0);

      expect(errors, 'no script errors or CSP refusals').toEqual([]);
    });
  }

  test('the account menu greets the user and names the practice', async ({ page }) => {
    await signInAs(page, 'manager');

    const menu = await openAccountMenu(page);
    await expect(menu.getByText(`Hi, ${demoNames.manager}!`)).toBeVisible();
    await expect(menu.getByText(demoNames.firstPractice)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByText(/Impersonated by/)).toHaveCount(0);
  });

  test('Settings opens the practice settings, which save the inactivity lock', async ({ page }) => {
    await signInAs(page, 'manager');
    await topBar(page).getByRole('link', { name: 'Settings' }).click();

    await expect(page).toHaveURL(/\/n\/settings$/);
    await expect(page.getByRole('heading', { name: 'Practice settings' })).toBeVisible();
    const minutes = page.getByLabel('Inactivity lock (minutes)');
    const before = await minutes.inputValue();

    await minutes.fill('481');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Must be less than 481')).toBeVisible();

    // The value it already had is nothing to save.
    await minutes.fill(before);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // A change saves after the password; it is put back (other tests rely on the demo's limit).
    await minutes.fill(String(Number(before) + 1));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Password' });
    await verify.getByLabel('Password').fill(DEMO_PASSWORD);
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await setInactivityLimit(page.request, Number(before));
  });

  test('support opens the impersonation page from its menu', async ({ page }) => {
    await signInAs(page, 'support');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Impersonate' }).click();

    await expect(page).toHaveURL(new RegExp(`${appUrl.impersonate}$`));
    await expect(page.getByRole('heading', { name: 'Act as a practice user' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Impersonate' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the menu collapses to icons and stays so after a reload', async ({ page }) => {
    await signInAs(page, 'therapist1');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const width = async () => (await nav.boundingBox())?.width ?? 0;
    expect(await width()).toBe(175);

    await nav.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(nav.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    expect(await width()).toBe(50);
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();

    await page.reload();
    await expect(nav.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    await nav.getByRole('button', { name: 'Expand menu' }).click();
    await expect(nav.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
    expect(await width()).toBe(175);
  });

  test('the navigation polls every 5 minutes as a background request', async ({ page }) => {
    await page.clock.install();
    const navigationCalls: { refresh: string | null; background: string | null }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/api/dashboard/main/navigation') return;
      navigationCalls.push({
        refresh: url.searchParams.get('refreshNotifications'),
        background: request.headers()['x-background-request'] ?? null,
      });
    });
    await signInAs(page, 'therapist2');
    await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
    expect(navigationCalls).toEqual([{ refresh: 'false', background: null }]);

    await page.clock.runFor(5 * 60_000);
    await expect.poll(() => navigationCalls.length).toBe(2);
    expect(navigationCalls[1]).toEqual({ refresh: 'true', background: '1' });
  });

  test('internal support staff get the wider menu', async ({ page }) => {
    await signInAs(page, 'support');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Impersonate' })).toBeVisible();
    expect((await nav.boundingBox())?.width).toBe(260);
  });
});
