import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, csrfHeader, nyDay, nyInstant } from './support/calendar-booking';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { clientIdByName, MARGARET, openTab, profileUrl } from './support/client-profile';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The client's appointments on the chart (issue 15 item 3): the header's next appointment,
 * the Appointments tab with what is to come and the history (Load more), a row's details,
 * and both readable at desktop width and at 375 px.
 */

const THERAPIST = 'Theresa Quinn';
/** Weekly on Sundays at 7:00 AM (New York), away from the demo's weekday appointments. */
const WEEKS_BACK = 24;
const OCCURRENCES = 26;

type Page1 = {
  next: { start: string; therapistName: string } | null;
  upcoming: unknown[];
  upcomingTotal: number;
  past: { eventId: number }[];
};

/** MM/DD/YYYY of a New York day ('2026-03-08' → '03/08/2026'). */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The first of the series: WEEKS_BACK Sundays that end with the last one before today. */
function firstSunday(): string {
  const today = nyDay(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const lastSunday = addDays(today, weekday === 0 ? -7 : -weekday);
  return addDays(lastSunday, -(WEEKS_BACK - 1) * 7);
}

/** A client of Theresa Quinn with a weekly series: WEEKS_BACK behind, the rest ahead. */
async function clientWithSeries(page: Page): Promise<{ id: number; name: string; first: string }> {
  const lastName = `Chart${uniqueSuffix()}`;
  const id = await createClientByApi(page, { firstName: 'Avery', lastName, therapist: THERAPIST });
  const first = firstSunday();
  const booked = await page.request.post('/api/calendar/createAppointment', {
    data: {
      therapistId: await therapistIdByName(page.request, THERAPIST),
      patientId: id,
      practiceLocationId: null,
      isTeletherapy: false,
      eventDateTime: nyInstant(first, 7),
      duration: 50,
      occurrences: OCCURRENCES,
      // Other specs in this worker may book Theresa at the same early hour on a day of the
      // series; this test is about the history list, not conflicts.
      allowDoubleBooking: true,
    },
    headers: await csrfHeader(page.request),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const ids = ((await booked.json()) as { data: { calendar_event_ids: number[] } }).data
    .calendar_event_ids;
  // The second of the series was cancelled, with a reason.
  const cancelled = await page.request.post('/api/calendar/cancelEvent', {
    data: { id: ids[1], reason: 'Client is unwell' },
    headers: await csrfHeader(page.request),
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return { id, name: `Avery ${lastName}`, first };
}

test.describe('the client appointments', () => {
  test('a demo client: the header names the next appointment; the tab lists what is to come and the past', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const margaret = await clientIdByName(page.request, 'hamilton', MARGARET);
    const stored = await page.request.get('/api/patient/listAppointments', {
      params: { patientId: margaret },
    });
    expect(stored.ok()).toBe(true);
    const first = (await stored.json()) as Page1;
    expect(first.next, 'the demo gives Margaret appointments ahead').not.toBeNull();

    await page.goto(profileUrl(margaret));
    await expect(page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' })).toBeVisible();
    const day = nyDay(new Date(first.next?.start ?? ''));
    await expect(
      page.getByText(
        new RegExp(
          `^Next appointment: ${usDate(day).replace(/\//g, '\\/')} at \\d{1,2}:\\d{2} (AM|PM) with ${first.next?.therapistName ?? ''}$`,
        ),
      ),
    ).toBeVisible();

    const panel = await openTab(page, 'Appointments');
    await expect(page).toHaveURL(/\?tab=appointments$/);
    await expect(
      panel.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem'),
    ).toHaveCount(first.upcoming.length);
    await expect(
      panel.getByRole('list', { name: 'Past appointments' }).getByRole('listitem'),
    ).toHaveCount(first.past.length);
    if (first.upcomingTotal > first.upcoming.length) {
      await expect(
        panel.getByText(
          `The next ${first.upcoming.length} of ${first.upcomingTotal} upcoming appointments.`,
        ),
      ).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('a long history: newest first, Load more, a row opens with the cancellation; axe at desktop and 375 px', async ({
    page,
  }) => {
    // A series of 26 to book and three axe scans: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const client = await clientWithSeries(page);
    const nextDay = addDays(client.first, WEEKS_BACK * 7);

    await page.goto(profileUrl(client.id));
    await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
    await expect(
      page.getByText(`Next appointment: ${usDate(nextDay)} at 7:00 AM with ${THERAPIST}`),
    ).toBeVisible();

    const panel = await openTab(page, 'Appointments');
    const upcoming = panel.getByRole('list', { name: 'Upcoming appointments' });
    const past = panel.getByRole('list', { name: 'Past appointments' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(OCCURRENCES - WEEKS_BACK);
    await expect(upcoming.getByRole('listitem').first()).toContainText(
      `${usDate(nextDay)} · 7:00 AM`,
    );
    // The newest past one first: the Sunday before the next.
    await expect(past.getByRole('listitem')).toHaveCount(20);
    await expect(past.getByRole('listitem').first()).toContainText(
      `${usDate(addDays(nextDay, -7))} · 7:00 AM`,
    );
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: 'Load more' }).click();
    await expect(past.getByRole('listitem')).toHaveCount(WEEKS_BACK);
    await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest last, and the cancelled one (the second of the series) says why.
    await expect(past.getByRole('listitem').last()).toContainText(usDate(client.first));
    const cancelled = past.getByRole('listitem').nth(WEEKS_BACK - 2);
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled).toContainText('Reason: Client is unwell');

    await cancelled.getByRole('button').click();
    const details = page.getByRole('dialog', {
      name: `Appointment on ${usDate(addDays(client.first, 7))}`,
    });
    await expect(details).toBeVisible();
    await expect(details.getByText('Client is unwell')).toBeVisible();
    await expect(details.getByText(THERAPIST)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(past.getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrolls, 'no sideways scrolling at 375 px').toBe(false);
    expect(errors).toEqual([]);
  });
});
