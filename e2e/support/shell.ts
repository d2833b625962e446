import { expect, type Locator, type Page } from '@playwright/test';

/** The top bar (the page's banner landmark). */
export function topBar(page: Page): Locator {
  return page.getByRole('banner');
}

/** Opens the account menu behind the user's initials and returns it. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await topBar(page).getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  const popover = page.getByRole('presentation').filter({ has: menu });
  // Wait for the opening transition, so colours are final (e.g. for an axe scan).
  await expect(popover.locator('.MuiPopover-paper')).toHaveCSS('opacity', '1');
  return popover;
}

/** Signs out through the account menu. */
export async function signOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
