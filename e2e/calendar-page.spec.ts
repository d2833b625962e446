import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The calendar page /n/schedule (issue 5 items 2, 3, 4 and 10). Events this
 * spec books live only on Sundays 08:00-13:00 (New York), two to five weeks
 * ahead, where the demo has no availability or appointments and no other
 * spec books.
 */

const SCHEDULE = '/n/schedule';
const ZONE = 'America/New_York';
const CANCELLED_RED = 'rgb(255, 23, 68)';

const therapists = {
  therapist1: 'Theresa Quinn',
  therapist2: 'Daniel Okafor',
  therapist3: 'Priya Raman',
  therapist4: 'Samuel Ortiz',
  therapist5: 'Hannah Lindqvist',
} as const;

async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/user/csrf');
  expect(response.ok()).toBe(true);
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** The calendar day in New York, as YYYY-MM-DD. */
function nyDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Sunday `weeks` weeks ahead (2 to 5): the first Sunday on or after today + 7 × weeks. */
function sundayAhead(weeks: 2 | 3 | 4 | 5): string {
  const from = addDays(nyDay(new Date()), 7 * weeks);
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, (7 - weekday) % 7);
}

/** A wall-clock time in New York on a day, as an instant. */
function nyInstant(day: string, hour: number): string {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const zoned = new Date(new Date(guess).toLocaleString('en-US', { timeZone: ZONE }));
  const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess + (utc.getTime() - zoned.getTime())).toISOString();
}

interface Visible {
  therapists: { id: number; practitionerFirstName: string; practitionerLastName: string }[];
}

async function therapistId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/calendar/getVisibleCalendars');
  expect(response.ok()).toBe(true);
  const { therapists: rows } = ((await response.json()) as { data: Visible }).data;
  const found = rows.find((r) => `${r.practitionerFirstName} ${r.practitionerLastName}` === name);
  expect(found, `therapist ${name}`).toBeDefined();
  return found?.id ?? 0;
}

/** Books a one-hour appointment through the API for a new client; returns the event id and the client's name. */
async function bookByApi(
  page: Page,
  therapist: keyof typeof therapists,
  start: string,
): Promise<{ eventId: number; clientName: string }> {
  const lastName = `Cal${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Robin',
    lastName,
    therapist: therapists[therapist],
  });
  const response = await page.request.post('/api/calendar/createAppointment', {
    data: {
      therapistId: await therapistId(page.request, therapists[therapist]),
      patientId: clientId,
      practiceLocationId: null,
      isTeletherapy: false,
      eventDateTime: start,
      products: [],
      duration: 60,
    },
    headers: await csrfHeader(page.request),
  });
  expect(response.status(), await response.text()).toBe(201);
  const eventId = ((await response.json()) as { data: { calendar_event_ids: number[] } }).data
    .calendar_event_ids[0];
  return { eventId: eventId ?? 0, clientName: `Robin ${lastName}` };
}

async function eventOf(
  request: APIRequestContext,
  therapistIdValue: number,
  day: string,
  eventId: number,
) {
  const response = await request.get('/api/calendar/getTherapistAppointments', {
    params: {
      therapistIds: String(therapistIdValue),
      start: day,
      end: addDays(day, 1),
      includeCancelledEvents: 'true',
    },
  });
  expect(response.ok()).toBe(true);
  const rows = (
    (await response.json()) as {
      data: { calendar_event_id: number; start_date_time: string; end_date_time: string }[];
    }
  ).data;
  return rows.find((r) => r.calendar_event_id === eventId);
}

const calendar = (page: Page) => page.locator('.fc');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Calendar' });
const calendarEvent = (page: Page, name: string | RegExp): Locator =>
  calendar(page).getByRole('button', { name });

/** Opens the schedule and waits for the first load to be announced. */
async function openSchedule(page: Page): Promise<void> {
  await page.goto(SCHEDULE);
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
}

/** Moves the calendar forward week by week until it shows `day`. */
async function goToWeekOf(page: Page, day: string): Promise<void> {
  const today = nyDay(new Date());
  const sundayOf = (d: string) => addDays(d, -new Date(`${d}T00:00:00Z`).getUTCDay());
  const weeks = Math.round(
    (Date.parse(sundayOf(day)) - Date.parse(sundayOf(today))) / (7 * 86_400_000),
  );
  for (let i = 0; i < weeks; i++) {
    await toolbar(page).getByRole('button', { name: 'Next week' }).click();
  }
  await expect(calendar(page).locator(`[data-date="${day}"]`).first()).toBeVisible();
}

async function chooseView(page: Page, name: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Calendar view' })
    .getByRole('button', { name, exact: true })
    .click();
}

test.describe('the calendar page', () => {
  test('a manager sees every therapist in columns, and the month view with several therapists', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager', { next: '/schedule' });
    await openSchedule(page);

    // Several therapists: one column each, in the week by therapist view.
    const views = page.getByRole('group', { name: 'Calendar view' });
    await expect(views.getByRole('button', { name: 'Week by therapist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const name of Object.values(therapists)) {
      await expect(calendar(page).locator('.fc-col-header-cell', { hasText: name })).toBeVisible();
    }
    // Single-grid views are not offered for several therapists.
    await expect(views.getByRole('button', { name: 'Week', exact: true })).toHaveCount(0);
    // Availability shows behind the grid on weekdays.
    await expect(calendar(page).locator('.op-availability').first()).toBeAttached();

    await chooseView(page, 'Month');
    const month = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'long' }).format(
      new Date(),
    );
    await expect(toolbar(page).getByRole('heading', { level: 2 })).toContainText(month);
    await expect(calendar(page).locator('.fc-daygrid-body tr')).toHaveCount(6);
    // Busy weekdays in a month of five therapists sum up in "+N more", which opens the day.
    const more = calendarEvent(page, /^\+\d+ more/).first();
    await expect(more).toBeVisible();
    await more.click();
    await expect(views.getByRole('button', { name: 'Day by therapist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(calendar(page).locator('.fc-col-header-cell.fc-resource')).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  test('a therapist sees only their own calendar', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/calendar/getTherapistAppointments') {
        requested.push(url.searchParams.get('therapistIds') ?? '');
      }
    });
    await signInAs(page, 'therapist2', { next: '/schedule' });
    const ownId = await therapistId(page.request, therapists.therapist2);
    await openSchedule(page);

    await expect(page.getByRole('switch', { name: 'My Schedule' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Therapists' })).toHaveCount(0);
    await expect(calendar(page).locator('.fc-timeGridWeek-view')).toBeVisible();
    expect(new Set(requested)).toEqual(new Set([String(ownId)]));

    // Without My Schedule: still only their own calendar, as one column.
    await page.getByRole('switch', { name: 'My Schedule' }).uncheck();
    await chooseView(page, 'Week by therapist');
    await expect(calendar(page).locator('.fc-col-header-cell.fc-resource')).toHaveText([
      therapists.therapist2,
    ]);
    expect(new Set(requested)).toEqual(new Set([String(ownId)]));
  });

  test('says when nobody works at the chosen location', async ({ page }) => {
    await signInAs(page, 'frontoffice', { next: '/schedule' });
    await openSchedule(page);
    const box = page.getByRole('combobox', { name: 'Locations' });
    await box.click();
    await page.getByRole('option', { name: 'Westside Office' }).click();
    await box.press('Escape');
    await expect(
      page.getByText('No one has availability or appointments at the selected locations'),
    ).toBeVisible();
    await expect(calendar(page).locator('.fc-col-header-cell.fc-resource')).toHaveCount(0);

    // One therapist chosen: their column stays, and so does no message.
    const therapistsBox = page.getByRole('combobox', { name: 'Therapists' });
    await therapistsBox.click();
    await page.getByRole('option', { name: therapists.therapist2 }).click();
    await therapistsBox.press('Escape');
    await expect(
      page.getByText('No one has availability or appointments at the selected locations'),
    ).toHaveCount(0);
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  });

  test('staff without a calendar role are refused, and have no Schedule item', async ({ page }) => {
    await signInAs(page, 'staffadmin', { next: '/schedule' });
    await expect(page).toHaveURL(/\/n\/accessdenied/);
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Schedule' }),
    ).toHaveCount(0);
  });

  test('remembers the filters and the view after a reload', async ({ page }) => {
    await signInAs(page, 'scheduler', { next: '/schedule' });
    await openSchedule(page);

    const box = page.getByRole('combobox', { name: 'Therapists' });
    for (const name of [therapists.therapist1, therapists.therapist4]) {
      await box.click();
      await box.fill(name);
      await page.getByRole('option', { name }).click();
    }
    await box.press('Escape');
    await page.getByRole('checkbox', { name: 'Include cancelled' }).check();
    await chooseView(page, 'Month');
    await expect(calendar(page).locator('.fc-dayGridMonth-view')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Calendar filters' });
    await expect(filters.getByRole('button', { name: therapists.therapist1 })).toBeVisible();
    await expect(filters.getByRole('button', { name: therapists.therapist4 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Include cancelled' })).toBeChecked();
    await expect(calendar(page).locator('.fc-dayGridMonth-view')).toBeVisible();

    // Back to the defaults for the next test of this user.
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  });

  test('a cancelled event shows red when cancelled events are included', async ({ page }) => {
    await signInAs(page, 'scheduler', { next: '/schedule' });
    const day = sundayAhead(3);
    const { eventId, clientName } = await bookByApi(page, 'therapist4', nyInstant(day, 9));
    const cancelled = await page.request.post('/api/calendar/cancelEvent', {
      data: { id: eventId, reason: 'Client is unwell', scope: 'this' },
      headers: await csrfHeader(page.request),
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    await openSchedule(page);
    await goToWeekOf(page, day);
    await expect(calendarEvent(page, new RegExp(clientName))).toHaveCount(0);

    await page.getByRole('checkbox', { name: 'Include cancelled' }).check();
    const event = calendarEvent(page, new RegExp(`${clientName}\\s*,\\s*Cancelled`));
    await expect(event).toBeVisible();
    await expect(event).toHaveCSS('background-color', CANCELLED_RED);
    await page.getByRole('checkbox', { name: 'Include cancelled' }).uncheck();
  });

  test('drags an appointment to another time', async ({ page }) => {
    await signInAs(page, 'therapist3', { next: '/schedule' });
    const day = sundayAhead(2);
    const { eventId, clientName } = await bookByApi(page, 'therapist3', nyInstant(day, 8));

    await openSchedule(page);
    await goToWeekOf(page, day);
    const event = calendarEvent(page, new RegExp(clientName));
    await expect(event).toBeVisible();

    const from = await event.boundingBox();
    const slot = calendar(page).locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]');
    const to = await slot.boundingBox();
    if (!from || !to) throw new Error('the event and the 10:00 slot must be on screen');
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(x, from.y + 20, { steps: 5 });
    await page.mouse.move(x, to.y + 4, { steps: 10 });
    await page.mouse.up();

    await expect(page.getByText('Event successfully rescheduled.')).toBeVisible();
    const stored = await eventOf(
      page.request,
      await therapistId(page.request, therapists.therapist3),
      day,
      eventId,
    );
    expect(stored?.start_date_time).toBe(nyInstant(day, 10));
    expect(stored?.end_date_time).toBe(nyInstant(day, 11));
  });

  test('shows a booking made elsewhere within 5 seconds, without a reload', async ({
    page,
    browser,
  }) => {
    // Two sign-ins and a booking around the 5-second wait: more than the default budget.
    test.setTimeout(60_000);
    await signInAs(page, 'manager', { next: '/schedule' });
    const day = sundayAhead(4);
    await openSchedule(page);
    await goToWeekOf(page, day);

    const other = await browser.newContext();
    try {
      const booker = await other.newPage();
      await signInAs(booker, 'scheduler');
      const { clientName } = await bookByApi(booker, 'therapist5', nyInstant(day, 11));
      await expect(calendarEvent(page, new RegExp(clientName))).toBeVisible({ timeout: 5000 });
    } finally {
      await other.close();
    }
  });

  test('has no serious accessibility problems in the week and month views', async ({ page }) => {
    // Two scans of a busy practice week and month (hundreds of nodes each) on a small machine.
    test.setTimeout(120_000);
    await signInAs(page, 'scheduler', { next: '/schedule' });
    await openSchedule(page);
    await expect(calendar(page).locator('.fc-event').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await chooseView(page, 'Month');
    await expect(calendar(page).locator('.fc-dayGridMonth-view')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });

  test('New › Meeting in the top bar opens the scheduling dialog on the schedule', async ({
    page,
  }) => {
    await signInAs(page, 'scheduler');
    await page.getByRole('banner').getByRole('button', { name: 'New' }).click();
    await expect(page.getByRole('menuitem', { name: 'Appointment' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Out of Office' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Meeting' }).click();

    await expect(page.getByRole('dialog')).toBeVisible();
    // The request is used once: the address forgets it, so a reload does not reopen it.
    await expect(page).toHaveURL(/\/n\/schedule$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('reaches events with the keyboard; Enter opens the details', async ({ page }) => {
    await signInAs(page, 'frontoffice', { next: '/schedule' });
    await openSchedule(page);
    const first = calendar(page).locator('.fc-event[role="button"]').first();
    await first.focus();
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
