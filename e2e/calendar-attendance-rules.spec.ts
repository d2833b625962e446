import { expect, test, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import { nyDay, openScheduleWeekOf } from './support/calendar-booking';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Issue 15 item 2: attendance only for sessions that have started (check-in
 * from 15 minutes before), and the therapist's list of past sessions whose
 * attendance is not recorded, with its count in the menu. Every appointment
 * here is booked with a new client of Theresa Quinn (double booking allowed, so
 * the demo's own appointments never stand in the way).
 */

test.describe.configure({ timeout: 90_000 });

const THERAPIST = 'Theresa Quinn';
const MINUTE = 60_000;
const NOT_STARTED = 'Attendance can be recorded once the session has started.';

/** A whole minute, `minutes` from now. */
const minutesFromNow = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE);

/** A new client of Theresa Quinn with one appointment at `start`; the client's name. */
async function bookWithNewClient(page: Page, start: Date, duration = 45): Promise<string> {
  const lastName = `Att${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Robin',
    lastName,
    therapist: THERAPIST,
  });
  const csrf = (await (await page.request.get('/api/user/csrf')).json()) as {
    token: string;
    headerName: string;
  };
  const response = await page.request.post('/api/calendar/createAppointment', {
    data: {
      therapistId: await therapistIdByName(page.request, THERAPIST),
      patientId: clientId,
      practiceLocationId: null,
      isTeletherapy: false,
      eventDateTime: start.toISOString(),
      products: [],
      duration,
      allowDoubleBooking: true,
    },
    headers: { [csrf.headerName]: csrf.token },
  });
  expect(response.status(), await response.text()).toBe(201);
  return `Robin ${lastName}`;
}

/** The details dialog of the calendar item of `clientName`. */
async function openDetails(page: Page, clientName: string): Promise<Locator> {
  await page
    .locator('.fc')
    .getByRole('button', { name: new RegExp(clientName) })
    .first()
    // The keyboard, not a click: a seeded session at the same hour may lie over the item.
    .press('Enter');
  const dialog = page.getByRole('dialog', { name: `Appointment with ${clientName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  return dialog;
}

/** The menu's Attendance entry; its name carries the count ('Attendance, 3 not recorded'). */
const attendanceEntry = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /^Attendance(, \d+ not recorded)?$/ })
    .first();

async function menuCount(page: Page): Promise<number> {
  const name = (await attendanceEntry(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) not recorded$/.exec(name)?.[1] ?? 0);
}

/** Scans of an open dialog leave out the page behind it (its own specs scan that page). */
const DIALOG_SCAN = { exclude: ['[aria-labelledby="schedule-heading"]'] };

test.describe('attendance waits for the session', () => {
  test('the details dialog offers check-in from 15 minutes before and attendance from the start', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const tomorrow = minutesFromNow(24 * 60);
    const soon = minutesFromNow(10);
    const yesterday = minutesFromNow(-24 * 60);
    const later = await bookWithNewClient(page, tomorrow);
    const arriving = await bookWithNewClient(page, soon);
    const past = await bookWithNewClient(page, yesterday);

    // Tomorrow: neither check-in nor attendance, and the dialog says when each opens.
    await openScheduleWeekOf(page, nyDay(tomorrow));
    let dialog = await openDetails(page, later);
    let row = dialog.getByRole('group', { name: later });
    await expect(dialog.getByText(NOT_STARTED)).toBeVisible();
    await expect(dialog.getByText(/Check-in opens at \d{1,2}:\d{2} [AP]M on /)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Attended', exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Not attended' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // In ten minutes: check-in is open, attendance is not.
    await openScheduleWeekOf(page, nyDay(soon));
    dialog = await openDetails(page, arriving);
    row = dialog.getByRole('group', { name: arriving });
    await expect(dialog.getByText(NOT_STARTED)).toBeVisible();
    await expect(dialog.getByText(/Check-in opens at/)).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Attended', exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: 'Check in' }).click();
    await expect(row.getByText(/^Checked in at \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Yesterday: attendance can be recorded.
    await openScheduleWeekOf(page, nyDay(yesterday));
    dialog = await openDetails(page, past);
    row = dialog.getByRole('group', { name: past });
    await expect(dialog.getByText(NOT_STARTED)).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Attended', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Not attended' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Check in' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });
});

test.describe('attendance to record', () => {
  test("a therapist's past unrecorded session is listed and counted, and leaves both once marked", async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1');
    const start = minutesFromNow(-3 * 60);
    const clientName = await bookWithNewClient(page, start);
    await page.goto('/n/');
    await expect(attendanceEntry(page)).toBeVisible();
    const before = await menuCount(page);
    expect(before).toBeGreaterThan(0);

    await attendanceEntry(page).click();
    await expect(page).toHaveURL(/\/n\/schedule\/attendance$/);
    await expect(
      page.getByRole('heading', { name: 'Attendance to record', level: 1 }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Sessions to record' });
    // The newest first: the session of three hours ago leads (unless another ended since).
    const item = list.getByRole('button', { name: new RegExp(clientName) });
    await expect(item).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await item.click();
    const dialog = page.getByRole('dialog', { name: `Appointment with ${clientName}` });
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    const row = dialog.getByRole('group', { name: clientName });
    await row.getByRole('button', { name: 'Attended', exact: true }).click();
    await expect(
      page
        .locator('.notistack-MuiContent')
        .filter({ hasText: `${clientName} saved as attended for this appointment` }),
    ).toBeVisible();
    await expect(row.getByText(/^Attended/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect(list.getByRole('button', { name: new RegExp(clientName) })).toHaveCount(0);
    await expect.poll(() => menuCount(page)).toBe(before - 1);
    expect(errors).toEqual([]);
  });

  test('is usable and accessible on a phone, and says when everything is recorded', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, 'therapist1', { next: '/schedule/attendance' });
    await expect(
      page.getByRole('heading', { name: 'Attendance to record', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions to record' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoSeriousA11yViolations(page);

    // The second practice's owner (also its therapist) has no past sessions at all.
    await page.context().clearCookies();
    await signInAs(page, 'owner2', { next: '/schedule/attendance' });
    await expect(page.getByText('All attendance is recorded.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
