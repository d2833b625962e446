import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * The client portal's home on a phone (issue 21 item 4): the demo client (client1) sees their
 * upcoming appointments with their therapist, the way to request another, the forms they still
 * have to complete (or that there are none) and their balance. The page passes axe at 375 px.
 * (The demo practice has entered no address or phone, so its contact block stays away.)
 */

test.use({ viewport: { width: 375, height: 812 } });

test('a client’s home shows their appointments, the forms to complete and their balance', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'client1');
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();

  const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
  await expect(upcoming.getByRole('listitem').first()).toContainText(/\d\d\/\d\d\/\d{4}, /);
  await expect(upcoming.getByRole('listitem').first()).toContainText('with ');
  await expect(page.getByRole('link', { name: 'Request an appointment' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: 'Forms to complete' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing' })).toBeVisible();

  // Nothing is wider than the phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});
