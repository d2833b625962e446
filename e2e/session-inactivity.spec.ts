import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl } from './support/demo';
import { collectPageErrors } from './support/page-errors';
import { resetInactivityLimit, setInactivityLimit } from './support/session-settings';
import { signInAs } from './support/sign-in';

/**
 * Inactivity sign-out (spec-1 §4). These tests change the inactivity lock of
 * the second demo practice (owner2) to 2 minutes, so specs using the first
 * practice are unaffected, and put it back to 60 afterwards. The browser's
 * clock is Playwright's fake clock; the server's is real, so the server's own
 * idle limit is never reached during a test.
 */

const LIMIT_MINUTES = 2;
const WARNING = 'Is the chair empty?';
const COUNTDOWN = /You will be signed out in (\d+) seconds?\./;

/** Opens home with the lock in force and waits until the shell (and its timer) is up. */
async function openHome(page: Page): Promise<void> {
  const navigation = page.waitForResponse(
    (response) => response.url().includes('/api/dashboard/main/navigation') && response.ok(),
  );
  await page.goto(appUrl.home);
  await navigation;
  await expect(page.getByRole('banner')).toBeVisible();
}

async function secondsShown(page: Page): Promise<number> {
  const text = await page.getByRole('dialog', { name: WARNING }).innerText();
  const match = COUNTDOWN.exec(text);
  expect(match, `countdown in "${text}"`).not.toBeNull();
  return Number(match?.[1]);
}

test.describe('inactivity sign-out', () => {
  test.afterEach(async ({ request }) => {
    await resetInactivityLimit(request, 'owner2');
  });

  test('warns "Is the chair empty?" 60 s before the limit, counts down, then signs out', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.clock.install();
    await signInAs(page, 'owner2');
    await setInactivityLimit(page.request, LIMIT_MINUTES);
    await openHome(page);

    await page.clock.fastForward(50_000);
    await expect(page.getByRole('dialog', { name: WARNING })).toBeHidden();

    await page.clock.fastForward(10_500);
    const dialog = page.getByRole('dialog', { name: WARNING });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(COUNTDOWN);
    await expect(dialog.getByRole('button', { name: "I'm still here" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const before = await secondsShown(page);
    expect(before).toBeLessThanOrEqual(60);

    await page.clock.runFor(3000);
    await expect.poll(() => secondsShown(page)).toBeLessThanOrEqual(before - 3);

    await page.clock.fastForward(60_000);
    await expect(page).toHaveURL(/\/n\/public\/login\?reason=idle$/);
    await expect(page.getByText('You were signed out because you were inactive.')).toBeVisible();

    // The session is gone on the server too.
    const identity = await page.request.get('/api/user/identity');
    expect(((await identity.json()) as { isAuthenticated: boolean }).isAuthenticated).toBe(false);
    expect(errors, 'no script errors').toEqual([]);
  });

  test('"I\'m still here" keeps the user signed in', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'owner2');
    await setInactivityLimit(page.request, LIMIT_MINUTES);
    await openHome(page);

    await page.clock.fastForward(61_000);
    const dialog = page.getByRole('dialog', { name: WARNING });
    await dialog.getByRole('button', { name: "I'm still here" }).click();
    await expect(dialog).toBeHidden();

    await page.clock.fastForward(58_000);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/n\/$/);
  });

  test('activity in another tab keeps this tab signed in past the limit', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await signInAs(page, 'owner2');
    await setInactivityLimit(page.request, LIMIT_MINUTES);
    await openHome(page);
    const otherTab = await context.newPage();
    await openHome(otherTab);

    // 30 s in, the user types in the other tab (its TA_ACT cookie write is shared).
    await page.clock.fastForward(30_000);
    await otherTab.keyboard.press('Shift');

    // This tab's warning point (60 s) passes quietly: it rescheduled from the later activity.
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('dialog', { name: WARNING })).toBeHidden();

    // Past this tab's own limit (120 s), it is still signed in: 30 s are left.
    await page.clock.fastForward(60_000);
    await expect(page).toHaveURL(/\/n\/$/);
    await expect(page.getByRole('dialog', { name: WARNING })).toBeVisible();
    expect(await secondsShown(page)).toBeGreaterThan(20);

    // A fresh TA_ACT from another tab also closes a warning that is already showing.
    const now = await page.evaluate(() => Date.now());
    await context.addCookies([
      { name: 'TA_ACT', value: String(now), url: new URL(page.url()).origin, sameSite: 'Lax' },
    ]);
    await page.clock.runFor(1000);
    await expect(page.getByRole('dialog', { name: WARNING })).toBeHidden();
    await expect(page).toHaveURL(/\/n\/$/);
  });
});
