import { expect, test } from './support/test';

import { signInAs } from './support/sign-in';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('small screens', () => {
  test('a client gets a bottom navbar and no menu button', async ({ page }) => {
    await signInAs(page, 'client1');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    const box = await nav.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(844, 0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  });

  test('staff open the menu in a drawer', async ({ page }) => {
    await signInAs(page, 'therapist1');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const drawerNav = drawer.getByRole('navigation', { name: 'Main navigation' });
    await expect(drawerNav.getByRole('link', { name: 'Home' })).toBeVisible();

    await drawerNav.getByRole('link', { name: 'Home' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
  });
});
