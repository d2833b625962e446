import { expect, test } from './support/test';

import { topBar } from './support/shell';
import { signInAs } from './support/sign-in';

// The shell's tooltips load their code after the first paint (apps/web/src/ui/lazy-tooltip.tsx):
// once in, they show on hover and on keyboard focus, and Escape closes them, as MUI's do.
test('the shell’s tooltips show on hover and keyboard focus, and in the icon-only menu', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await expect(page.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();

  const settings = topBar(page).getByRole('link', { name: 'Settings' });
  await settings.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Settings');
  await page.mouse.move(0, 500);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await settings.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(settings).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Settings');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Home' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Home');
});
