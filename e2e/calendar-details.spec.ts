import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import {
  addDays,
  csrfHeader,
  nyDay,
  nyInstant,
  openScheduleWeekOf,
  saturdayAhead,
} from './support/calendar-booking';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The details dialog (issue 5 item 8): attendance, check-in, cancel (one
 * event and a series), meetings, the telehealth lobby. Everything this spec
 * books lives on Saturdays 15:00-18:00 (New York), where the demo has nothing
 * and no other spec books: two to five weeks ahead,
 *   week 2: 16:00 cancel; weeks 2-5: 17:00 the series;
 *   week 3: 15:00-16:30 the meeting; week 4: 15:00 the telehealth appointment;
 * and two weeks back, 15:00 attendance (recorded only once a session has started, issue 15).
 */

// Each flow is many steps against the calendar: give it room on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const THERAPIST = 'Theresa Quinn';
const CANCELLED_RED = 'rgb(255, 23, 68)';

/** The Saturday two weeks back: the first Saturday on or before today − 14 days. */
function saturdayBack(): string {
  const from = addDays(nyDay(new Date()), -14);
  return addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 1) % 7));
}

/** MM/DD/YYYY of a YYYY-MM-DD day. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function post(page: Page, url: string, data: unknown) {
  const response = await page.request.post(url, {
    data,
    headers: await csrfHeader(page.request),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A new client of Theresa Quinn, booked through the API; the event ids and the client's name. */
async function bookByApi(
  page: Page,
  start: string,
  extra: Record<string, unknown> = {},
): Promise<{ eventIds: number[]; clientId: number; clientName: string }> {
  const lastName = `Det${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Jordan',
    lastName,
    therapist: THERAPIST,
  });
  const answer = await post(page, '/api/calendar/createAppointment', {
    therapistId: await therapistIdByName(page.request, THERAPIST),
    patientId: clientId,
    practiceLocationId: null,
    isTeletherapy: false,
    eventDateTime: start,
    products: [],
    duration: 60,
    ...extra,
  });
  const eventIds = (answer.data as { calendar_event_ids: number[] }).calendar_event_ids;
  return { eventIds, clientId, clientName: `Jordan ${lastName}` };
}

interface Details {
  start: string;
  end: string;
  isCancelled: boolean;
  cancelledReason: string | null;
  attendees: {
    calendarEventAttendeeId: number;
    attended: boolean;
    notAttended: boolean;
    attendanceUnknown: boolean;
    noShow: boolean;
    product: { sku: string } | null;
    checkedInTime: string | null;
    accountInvoiceId: number | null;
  }[];
}

async function detailsOf(request: APIRequestContext, eventId: number): Promise<Details> {
  const response = await request.get(`/api/patientRecord/getAppointmentDetails/${eventId}/0`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Details }).data;
}

/**
 * Scans of an open dialog leave out the calendar page behind it: calendar-page.spec.ts
 * scans that page itself (and a therapist's My Schedule filter bar is that page's business).
 */
const DIALOG_SCAN = { exclude: ['[aria-labelledby="schedule-heading"]'] };

/**
 * A snackbar by its text. Not by role: while a dialog is open, MUI hides the rest of the
 * app (where notistack renders its snackbars) with aria-hidden, so role queries miss them.
 */
const toast = (page: Page, message: string) =>
  page.locator('.notistack-MuiContent').filter({ hasText: message }).last();

const calendar = (page: Page) => page.locator('.fc');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Calendar' });

/** Opens the calendar item whose name contains `text` and returns the dialog it opens. */
async function openDetails(page: Page, text: string, title: string | RegExp): Promise<Locator> {
  await calendar(page)
    .getByRole('button', { name: new RegExp(text) })
    .first()
    // The keyboard, not a click: a seeded session at the same hour may lie over the item.
    .press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  return dialog;
}

test.describe('the appointment details dialog', () => {
  test('a therapist checks the client in, marks attendance and resets it', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const day = saturdayBack();
    const { eventIds, clientId, clientName } = await bookByApi(page, nyInstant(day, 15));
    const eventId = eventIds[0] ?? 0;

    await openScheduleWeekOf(page, day);
    const dialog = await openDetails(page, clientName, `Appointment with ${clientName}`);
    await expect(dialog.getByRole('link', { name: clientName })).toHaveAttribute(
      'href',
      `/n/client/${clientId}`,
    );
    await expect(dialog.getByText(`${usDate(day)}, 3:00 PM – 4:00 PM`)).toBeVisible();
    await expect(dialog.getByText(THERAPIST)).toBeVisible();
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    const attendee = dialog.getByRole('group', { name: clientName });
    await attendee.getByRole('button', { name: 'Check in' }).click();
    await expect(
      toast(page, `${clientName} has been checked in for their appointment.`),
    ).toBeVisible();
    await expect(attendee.getByText(/^Checked in at \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    expect((await detailsOf(page.request, eventId)).attendees[0]?.checkedInTime).not.toBeNull();

    await attendee.getByRole('checkbox', { name: 'No-show' }).check();
    await expect(attendee.getByRole('button', { name: 'Attended', exact: true })).toBeDisabled();
    await attendee.getByRole('button', { name: 'Not attended' }).click();
    await expect(
      toast(page, `${clientName} saved as not attended for this appointment`),
    ).toBeVisible();
    await expect(attendee.getByText(/^Not attended \(no-show\)/)).toBeVisible();
    let stored = (await detailsOf(page.request, eventId)).attendees[0];
    expect(stored).toMatchObject({ notAttended: true, noShow: true });

    await attendee.getByRole('button', { name: 'Reset to unknown' }).click();
    await expect(toast(page, `${clientName} attendance reset for this appointment`)).toBeVisible();
    stored = (await detailsOf(page.request, eventId)).attendees[0];
    expect(stored).toMatchObject({ attendanceUnknown: true, attended: false, notAttended: false });

    await attendee.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: /^90834 / }).click();
    await attendee.getByRole('button', { name: 'Attended', exact: true }).click();
    await expect(toast(page, `${clientName} saved as attended for this appointment`)).toBeVisible();
    await expect(attendee.getByText(/^Attended · 90834 /)).toBeVisible();
    stored = (await detailsOf(page.request, eventId)).attendees[0];
    expect(stored).toMatchObject({ attended: true, noShow: false, product: { sku: '90834' } });
    // Attended with a service is billed at once (issue 19): the charge keeps the attendance.
    expect(stored?.accountInvoiceId).not.toBeNull();
    await attendee.getByRole('button', { name: 'Reset to unknown' }).click();
    await expect(
      toast(
        page,
        'This attendance has an invoice, so it cannot be reset. Void the invoice first, then reset the attendance.',
      ),
    ).toBeVisible();
    expect((await detailsOf(page.request, eventId)).attendees[0]).toMatchObject({ attended: true });

    await attendee.getByRole('button', { name: 'Undo check-in' }).click();
    await expect(
      toast(page, `${clientName} is no longer checked in for their appointment.`),
    ).toBeVisible();
    expect((await detailsOf(page.request, eventId)).attendees[0]?.checkedInTime).toBeNull();
    expect(errors).toEqual([]);
  });

  test('cancels one appointment with a reason; it shows red and offers no attendance', async ({
    page,
  }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const day = saturdayAhead(2);
    const { eventIds, clientName } = await bookByApi(page, nyInstant(day, 16));
    const eventId = eventIds[0] ?? 0;

    await openScheduleWeekOf(page, day);
    const dialog = await openDetails(page, clientName, `Appointment with ${clientName}`);

    // First shorten it to 45 minutes (Edit).
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit appointment' });
    await edit.getByRole('combobox', { name: 'Duration' }).click();
    await page.getByRole('option', { name: '45 minutes' }).click();
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Appointment updated.')).toBeVisible();
    await expect(dialog.getByText(`${usDate(day)}, 4:00 PM – 4:45 PM`)).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expect(confirm).toContainText('This cancels this appointment only.');
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    await confirm.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Client is unwell');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(toast(page, 'Calendar item cancelled.')).toBeVisible();

    await expect(dialog).toBeVisible();
    const line = dialog.getByText(/^Cancelled on \d{2}\/\d{2}\/\d{4} by .+: Client is unwell$/);
    await expect(line).toBeVisible();
    await expect(dialog.locator('[data-cancelled-marker]')).toHaveCSS(
      'border-left-color',
      CANCELLED_RED,
    );
    await expect(dialog.getByRole('button', { name: 'Attended', exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    expect(await detailsOf(page.request, eventId)).toMatchObject({
      isCancelled: true,
      cancelledReason: 'Client is unwell',
      start: nyInstant(day, 16),
      end: nyInstant(day, 16, 45),
    });

    // On the calendar, with cancelled events included, it is red.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('checkbox', { name: 'Include cancelled' }).check();
    const event = calendar(page).getByRole('button', {
      name: new RegExp(`${clientName}\\s*, Cancelled`),
    });
    await expect(event).toHaveCSS('background-color', CANCELLED_RED);
    await page.getByRole('checkbox', { name: 'Include cancelled' }).uncheck();
  });

  test('cancels one occurrence of a weekly series, then this and the following ones', async ({
    page,
  }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const first = saturdayAhead(2);
    const { eventIds, clientName } = await bookByApi(page, nyInstant(first, 17), {
      occurrences: 4,
    });
    expect(eventIds).toHaveLength(4);
    const [one, two, three, four] = eventIds as [number, number, number, number];

    // The second occurrence only.
    await openScheduleWeekOf(page, addDays(first, 7));
    let dialog = await openDetails(page, clientName, `Appointment with ${clientName}`);
    await expect(dialog.getByText('Part of a weekly series')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const scope = page.getByRole('dialog', { name: 'Cancel a recurring appointment' });
    await scope.getByRole('radio', { name: 'Only this appointment' }).check();
    await scope.getByRole('button', { name: 'Continue' }).click();
    let confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expect(confirm).toContainText('This cancels this appointment only.');
    await confirm.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Holiday away');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(toast(page, 'Calendar item cancelled.')).toBeVisible();
    await expect(dialog.getByText(/^Cancelled on .*: Holiday away$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The third and the fourth.
    await toolbar(page).getByRole('button', { name: 'Next week' }).click();
    await expect(
      calendar(page)
        .locator(`[data-date="${addDays(first, 14)}"]`)
        .first(),
    ).toBeVisible();
    dialog = await openDetails(page, clientName, `Appointment with ${clientName}`);
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await scope.getByRole('radio', { name: 'This and following (2)' }).check();
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    await scope.getByRole('button', { name: 'Continue' }).click();
    confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expect(confirm).toContainText(
      'This cancels this appointment and the following ones of the series.',
    );
    await confirm.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Moving away');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(toast(page, 'Calendar item cancelled.')).toBeVisible();

    const stored = await Promise.all(
      [one, two, three, four].map(async (id) => {
        const d = await detailsOf(page.request, id);
        return [d.isCancelled, d.cancelledReason];
      }),
    );
    expect(stored).toEqual([
      [false, null],
      [true, 'Holiday away'],
      [true, 'Moving away'],
      [true, 'Moving away'],
    ]);
  });

  test('edits and deletes a meeting', async ({ page }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const day = saturdayAhead(3);
    const name = `Planning ${uniqueSuffix()}`;
    const created = await post(page, '/api/calendar/createMeeting', {
      therapistId: await therapistIdByName(page.request, THERAPIST),
      startDateTime: nyInstant(day, 15),
      duration: 60,
      eventName: name,
      type: 'meeting',
    });
    const meetingId = (created.data as { calendar_event_id: number }).calendar_event_id;

    await openScheduleWeekOf(page, day);
    let dialog = await openDetails(page, name, name);
    await expect(dialog.getByText(`${usDate(day)}, 3:00 PM – 4:00 PM`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    await dialog.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit meeting' });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} moved`);
    await edit.getByLabel('Start time').fill('15:30');
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Meeting updated.')).toBeVisible();
    dialog = page.getByRole('dialog', { name: `${name} moved` });
    await expect(dialog.getByText(`${usDate(day)}, 3:30 PM – 4:30 PM`)).toBeVisible();
    const stored = await page.request.get(`/api/calendar/getMeetingDetails/${meetingId}`);
    expect(((await stored.json()) as { data: unknown }).data).toMatchObject({
      name: `${name} moved`,
      start: nyInstant(day, 15, 30),
      end: nyInstant(day, 16, 30),
    });

    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this meeting?' });
    await expect(confirm).toContainText(`${name} moved`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Meeting deleted.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await page.request.get(`/api/calendar/getMeetingDetails/${meetingId}`)).status()).toBe(
      404,
    );
    await expect(calendar(page).getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
  });
});

test.describe('the telehealth lobby', () => {
  test('says when a future session opens; joining waits until then', async ({ page }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const day = saturdayAhead(4);
    const { eventIds, clientName } = await bookByApi(page, nyInstant(day, 15), {
      isTeletherapy: true,
      teletherapyPos: '10',
    });
    const eventId = eventIds[0] ?? 0;

    await openScheduleWeekOf(page, day);
    const dialog = await openDetails(page, clientName, `Appointment with ${clientName}`);
    await expect(dialog.getByText('Telehealth (place of service 10)')).toBeVisible();
    await expect(
      dialog.getByText(
        `The session opens 15 minutes before it starts. It opens at 2:45 PM on ${usDate(day)}.`,
      ),
    ).toBeVisible();
    const join = dialog.getByRole('link', { name: 'Join telehealth' });
    await expect(join).toHaveAttribute('aria-disabled', 'true');
    await expect(join).toHaveAttribute('href', `/n/telehealth/${eventId}`);
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    await page.goto(`/n/telehealth/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Telehealth session', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: clientName })).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'The session opens' });
    await expect(status).toContainText('The session opens 15 minutes before it starts.');
    await expect(status).toContainText(`It opens at 2:45 PM on ${usDate(day)}. Opens in `);
    await expect(page.getByRole('link', { name: 'Join the video session' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/n/telehealth/2000000000');
    await expect(page.getByText('We could not find that appointment.')).toBeVisible();
  });
});
