import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, bookByApi, nyDay, nyInstant } from './support/calendar-booking';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Availability changes that collide with booked appointments (issue 15 item
 * 7). Hannah Lindqvist (therapist5) works the demo's Monday to Friday, 9 to
 * 5; an appointment of hers is booked here on a Wednesday nine weeks ahead
 * (the availability editor spec works seven weeks ahead). Shortening that
 * day's hours, or taking it off, first warns with the appointment, which
 * opens on the calendar; Save anyway saves. The day off is removed at the end.
 */

const AVAILABILITY = '/n/availability';
const HANNAH = 'Hannah Lindqvist';

/** The first Wednesday on or after today + 7 × weeks. */
function wednesdayAhead(weeks: number): string {
  const from = addDays(nyDay(new Date()), 7 * weeks);
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, (3 - weekday + 7) % 7);
}

const WEDNESDAY = wednesdayAhead(9);
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** How the warning names the 2 PM appointment ('Wed 05/12/2032 2:00 PM Eastern'). */
const WHEN = `Wed ${usDate(WEDNESDAY)} 2:00 PM Eastern`;

const toast = (page: Page, message: string) =>
  page.getByRole('alert').filter({ hasText: message }).last();

async function openEditor(page: Page): Promise<void> {
  await page.goto(AVAILABILITY);
  await expect(page.getByRole('heading', { name: 'Availability', level: 1 })).toBeVisible();
}

async function daysOff(page: Page): Promise<unknown[]> {
  const listed = await page.request.get('/api/availability/listExceptions');
  expect(listed.ok()).toBe(true);
  const { exceptions } = (
    (await listed.json()) as { data: { exceptions: { kind: string; date: string }[] } }
  ).data;
  return exceptions.filter((e) => e.kind === 'off' && e.date === WEDNESDAY);
}

test.describe('availability changes over booked appointments', () => {
  test('shorter hours and a day off warn with the appointment, which opens on the calendar; Save anyway saves', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist5', { next: '/availability' });
    const booked = await bookByApi(page, HANNAH, nyInstant(WEDNESDAY, 14));
    const link = `${WHEN}, ${booked.clientName}`;

    // Wednesday's hours cut to the morning: the 2 PM appointment falls outside them.
    await openEditor(page);
    await page.getByRole('button', { name: 'Edit Wednesday 9:00 AM–5:00 PM' }).click();
    const hours = page.getByRole('dialog', { name: 'Edit hours' });
    await hours.getByLabel('End time').fill('12:00');
    await hours.getByRole('button', { name: 'Save' }).click();
    const warning = hours.getByRole('alert').filter({
      hasText: 'Booked appointments fall outside these hours',
    });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: link })).toBeVisible();
    await expect(hours.getByRole('button', { name: 'Save anyway' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Nothing was saved: the hours are still 9 to 5.
    const current = await page.request.get('/api/availability/span');
    const days = (
      (await current.json()) as {
        data: { span: { days: { dayOfWeek: number; endTime: string }[] } };
      }
    ).data.span.days;
    expect(days.find((d) => d.dayOfWeek === 3)?.endTime).toBe('17:00');

    // The link opens that appointment on the calendar, on its day.
    await warning.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(/\/n\/schedule$/);
    await expect(page.getByRole('dialog').filter({ hasText: booked.clientName })).toBeVisible();

    // A day off that Wednesday: the same warning, at phone width too; Save anyway adds it.
    await openEditor(page);
    await page.getByRole('button', { name: 'Add day off' }).click();
    const off = page.getByRole('dialog', { name: 'Add a day off' });
    await off.getByLabel('Date').fill(WEDNESDAY);
    await off.getByRole('button', { name: 'Save' }).click();
    await expect(off.getByRole('link', { name: link })).toBeVisible();
    expect(await daysOff(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSeriousA11yViolations(page);
    await off.getByRole('button', { name: 'Save anyway' }).click();
    await expect(toast(page, 'Day off added.')).toBeVisible();
    expect(await daysOff(page)).toHaveLength(1);

    // Back as it was: the day off goes (the appointment stays booked).
    const offText = `Wednesday ${usDate(WEDNESDAY)}: day off`;
    await page.getByRole('button', { name: `Delete ${offText}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this date exception?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Date exception deleted.')).toBeVisible();
    expect(await daysOff(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
