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
 * Weekly series that never break (issue 5 item 6): a drag of one occurrence
 * asks which occurrences move and says what will change before it does. The
 * series this spec books lives on Saturdays 08:00-10:00 (New York), two to
 * four weeks ahead, on Samuel Ortiz's calendar, where the demo has nothing
 * and no other spec books (the scheduling spec books Saturdays from 10:00). It also reads (and leaves alone) the demo group's
 * Wednesday evening series.
 */

const THERAPIST = 'Samuel Ortiz';

/** 'Sat 3/7/2026' as the series dialog writes a day. */
const dialogDay = (day: string) =>
  `Sat ${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(0, 4)}`;

interface SeriesView {
  seriesId: number | null;
  occurrences: { calendar_event_id: number; start_date_time: string; end_date_time: string }[];
}

async function seriesOf(request: APIRequestContext, eventId: number): Promise<SeriesView> {
  const response = await request.get(`/api/calendar/series/${eventId}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: SeriesView }).data;
}

const calendar = (page: Page) => page.locator('.fc');

/** Drags an event by the mouse onto the slot that starts at `time` ('10:00:00'). */
async function dragTo(page: Page, event: Locator, time: string): Promise<void> {
  const from = await event.boundingBox();
  const to = await calendar(page)
    .locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`)
    .boundingBox();
  if (!from || !to) throw new Error(`the event and the ${time} slot must be on screen`);
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(x, from.y + 20, { steps: 5 });
  await page.mouse.move(x, to.y + 4, { steps: 10 });
  await page.mouse.up();
}

test.describe('recurring series', () => {
  test('a drag asks which occurrences move, shows what will change, and moves only those', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist4', { next: '/schedule' });
    const first = saturdayAhead(2);
    const lastName = `Ser${uniqueSuffix()}`;
    const clientName = `Avery ${lastName}`;
    const clientId = await createClientByApi(page, {
      firstName: 'Avery',
      lastName,
      therapist: THERAPIST,
    });
    const booked = await page.request.post('/api/calendar/createAppointment', {
      data: {
        therapistId: await therapistIdByName(page.request, THERAPIST),
        patientId: clientId,
        practiceLocationId: null,
        isTeletherapy: false,
        eventDateTime: nyInstant(first, 8),
        products: [],
        duration: 60,
        occurrences: 3,
      },
      headers: await csrfHeader(page.request),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const ids = ((await booked.json()) as { data: { calendar_event_ids: number[] } }).data
      .calendar_event_ids;
    const [one, two, three] = ids as [number, number, number];
    const second = addDays(first, 7);
    const third = addDays(first, 14);

    await openScheduleWeekOf(page, second);
    const event = calendar(page).getByRole('button', { name: new RegExp(clientName) });
    await expect(event).toBeVisible();

    // Cancel leaves everything where it was.
    await dragTo(page, event, '09:00:00');
    const scope = page.getByRole('dialog', { name: 'Move a recurring appointment' });
    await expect(scope.getByRole('radio', { name: 'Only this appointment' })).toBeChecked();
    await scope.getByRole('button', { name: 'Cancel' }).click();
    await expect(scope).toBeHidden();
    let stored = await seriesOf(page.request, two);
    expect(stored.occurrences.map((o) => o.start_date_time)).toEqual([
      nyInstant(first, 8),
      nyInstant(second, 8),
      nyInstant(third, 8),
    ]);

    // This and the following one, after reading what will change.
    await dragTo(page, event, '09:00:00');
    await expect(scope).toBeVisible();
    await expect(scope.getByRole('radio', { name: 'The whole series (3)' })).toBeVisible();
    const following = scope.getByRole('radio', { name: 'This and following (2)' });
    await following.focus();
    await page.keyboard.press('Space');
    await expect(following).toBeChecked();
    await expect(scope).toContainText(
      `This will move 2 appointments: ${dialogDay(second)} 8:00 AM and ${dialogDay(third)} 8:00 AM.`,
    );
    await expect(scope).toContainText(
      `Each moves by the same change as this one: from ${dialogDay(second)} 8:00 AM to ${dialogDay(second)} 9:00 AM.`,
    );
    await expectNoSeriousA11yViolations(page);
    await scope.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Event successfully rescheduled.')).toBeVisible();

    stored = await seriesOf(page.request, one);
    expect(stored.occurrences.map((o) => [o.calendar_event_id, o.start_date_time])).toEqual([
      [one, nyInstant(first, 8)],
      [two, nyInstant(second, 9)],
      [three, nyInstant(third, 9)],
    ]);
    expect(errors).toEqual([]);
  });

  test('the demo group meets Wednesdays 6:00-7:30 PM as a weekly series', async ({ page }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    const therapistId = await therapistIdByName(page.request, 'Theresa Quinn');
    const today = nyDay(new Date());
    const sunday = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
    const wednesday = addDays(sunday, 3);
    const response = await page.request.get('/api/calendar/getTherapistAppointments', {
      params: { therapistIds: String(therapistId), start: sunday, end: addDays(sunday, 7) },
    });
    expect(response.ok()).toBe(true);
    const events = (
      (await response.json()) as {
        data: {
          calendar_event_id: number;
          isGroup: boolean;
          patient_first_name: string;
          start_date_time: string;
          end_date_time: string;
          series_id: number | null;
        }[];
      }
    ).data.filter((e) => e.isGroup);
    expect(events).toHaveLength(1);
    const [group] = events;
    expect(group).toMatchObject({
      patient_first_name: 'Tuesday Anxiety',
      start_date_time: nyInstant(wednesday, 18),
      end_date_time: new Date(Date.parse(nyInstant(wednesday, 19)) + 30 * 60_000).toISOString(),
    });
    expect(group?.series_id).not.toBeNull();
    const series = await seriesOf(page.request, group?.calendar_event_id ?? 0);
    expect(series.occurrences).toHaveLength(13);

    await openScheduleWeekOf(page, wednesday);
    await expect(
      calendar(page)
        .getByRole('button', { name: /Tuesday Anxiety/ })
        .first(),
    ).toBeAttached();
  });
});
