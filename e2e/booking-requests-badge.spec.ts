import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, nyDay } from './support/calendar-booking';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The count beside "Booking requests" in the navigation (issue 15 item 8):
 * staff who answer requests see how many wait, read as 'Booking requests, 3
 * pending', and it moves as soon as one is answered. A visitor's request with
 * Daniel Okafor (therapist2) five weeks ahead is made here and declined.
 */

/** A visitor's request for the first open slot of Daniel's week starting `from`. */
async function requestAsVisitor(request: APIRequestContext, from: string, firstName: string) {
  const search = await request.get('/api/public/findYourTherapist/search', {
    params: { text: 'Okafor' },
  });
  const therapistId =
    ((await search.json()) as { data: { therapistId: number }[] }).data[0]?.therapistId ?? 0;
  const slots = await request.get('/api/public/findYourTherapist/slots', {
    params: { therapistId, start: from, end: addDays(from, 7) },
  });
  const slot = ((await slots.json()) as { data: { start: string; end: string }[] }).data[0];
  expect(slot, 'an open slot').toBeDefined();
  const csrf = (await (await request.get('/api/user/csrf')).json()) as {
    token: string;
    headerName: string;
  };
  const response = await request.post('/api/public/selfSchedule/book', {
    headers: { [csrf.headerName]: csrf.token },
    data: {
      therapistId,
      start: slot?.start,
      end: slot?.end,
      mode: 'inPerson',
      idempotencyKey: `e2e-${uniqueSuffix()}`,
      firstName,
      lastName: 'Badge',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '2075550177',
      dob: '1979-03-03',
      reasonForAppointment: 'Trouble sleeping.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The number the navigation answers for the signed-in user. */
async function pendingInNavigation(page: Page): Promise<number> {
  const response = await page.request.get('/api/dashboard/main/navigation');
  expect(response.ok()).toBe(true);
  const main = ((await response.json()) as { main: { id: string; badge?: number }[] }).main;
  return main.find((i) => i.id === 'booking-requests')?.badge ?? 0;
}

const nameFor = (n: number) => (n === 0 ? 'Booking requests' : `Booking requests, ${n} pending`);

test.describe('the Booking requests count', () => {
  test('a scheduler sees how many requests wait, and one fewer once one is declined', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const name = `Bea${uniqueSuffix()}`;
    await requestAsVisitor(page.request, addDays(nyDay(new Date()), 35), name);

    await signInAs(page, 'scheduler');
    const pending = await pendingInNavigation(page);
    expect(pending).toBeGreaterThanOrEqual(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const item = nav.getByRole('link', { name: nameFor(pending), exact: true });
    await expect(item).toBeVisible();
    await expect(item).toContainText(String(Math.min(pending, 99)));
    await expectNoSeriousA11yViolations(page);

    await item.click();
    await expect(page.getByRole('heading', { name: 'Booking requests', level: 1 })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Booking requests' })
      .getByRole('row')
      .filter({ hasText: name });
    await row.getByRole('button', { name: `Decline the request of ${name} Badge` }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await expect(page.getByText('Request declined. The client was emailed.')).toBeVisible();
    // No reload: answering a request refreshes the menu's count.
    await expect(nav.getByRole('link', { name: nameFor(pending - 1), exact: true })).toBeVisible();

    // At phone width the menu opens in a drawer, the count read the same way.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('link', { name: nameFor(pending - 1), exact: true }).last(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
