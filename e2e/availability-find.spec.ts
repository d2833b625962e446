import { expect, test, type APIRequestContext } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { chooseOptions, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Find an appointment (issue 6): open times of Priya Raman (therapist3) and
 * Samuel Ortiz (therapist4) three to four weeks ahead, where the demo's
 * weekday appointments leave some hours open. The spec books the first time
 * the page shows for Samuel Ortiz, with a client of its own, and sees it go.
 */

const ZONE = 'America/New_York';
const PAGE = '/n/availability/findAppointment';

/** A wall-clock time in New York on a day, as an ISO instant. */
function nyInstant(day: string, time: string): string {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const zoned = new Date(new Date(guess).toLocaleString('en-US', { timeZone: ZONE }));
  const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess + (utc.getTime() - zoned.getTime())).toISOString();
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface CalendarEvent {
  calendar_event_kind: string;
  user_id_patient: number | null;
  start_date_time: string;
  end_date_time: string;
  practice_location_id: number | null;
}

async function eventsOn(
  request: APIRequestContext,
  therapistId: number,
  day: string,
): Promise<CalendarEvent[]> {
  const response = await request.get('/api/calendar/getTherapistAppointments', {
    params: {
      therapistIds: therapistId,
      start: nyInstant(day, '00:00'),
      end: nyInstant(addDays(day, 1), '00:00'),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: CalendarEvent[] }).data;
}

test.describe.configure({ timeout: 90_000 });

test('a scheduler finds an open time three weeks ahead and books it; the time is gone', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'scheduler');
  const lastName = `Findslot${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Avery',
    lastName,
    therapist: 'Samuel Ortiz',
  });
  const samuel = await therapistIdByName(page.request, 'Samuel Ortiz');

  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
  await expect(
    page.getByText('Choose one or more therapists to see their open times.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous 7 days' })).toBeDisabled();

  await chooseOptions(page, 'Therapists', ['Priya Raman', 'Samuel Ortiz']);
  // The practice's default service for a new client is 45 minutes: look for that length.
  await page.getByRole('combobox', { name: 'Length' }).click();
  await page.getByRole('option', { name: '45 minutes', exact: true }).click();
  await page.getByRole('button', { name: 'Either' }).click();

  // Three weeks ahead: the window [today + 21, today + 28).
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Previous 7 days' })).toBeEnabled();

  const samuelsTimes = page.getByRole('group', { name: /^Open times with Samuel Ortiz/ });
  await expect(samuelsTimes.first()).toBeVisible();
  await expect(
    page.getByRole('group', { name: /^Open times with Priya Raman/ }).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const first = samuelsTimes.first().getByRole('button').first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/^\d{1,2}:\d{2} [AP]M with Samuel Ortiz, /);
  await first.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New appointment' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Therapist' })).toHaveText('Samuel Ortiz');
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveText('45 minutes');
  const day = await dialog.getByLabel('Date').inputValue();
  const time = await dialog.getByLabel('Start time').inputValue();
  expect(day >= addDays(new Date().toISOString().slice(0, 10), 20)).toBe(true);

  await dialog.getByRole('combobox', { name: 'Client' }).fill(lastName.slice(0, -2));
  await expect(dialog.getByRole('textbox', { name: 'Client' })).toHaveValue(`Avery ${lastName}`);
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveText('45 minutes');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Calendar item created.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The page looked again: the booked time is no longer offered.
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  await expect(samuelsTimes.first()).toBeVisible();

  const booked = (await eventsOn(page.request, samuel, day)).filter(
    (e) => e.user_id_patient === clientId,
  );
  expect(booked).toHaveLength(1);
  const start = nyInstant(day, time);
  expect(booked[0]).toMatchObject({
    calendar_event_kind: 'appointment',
    start_date_time: start,
    end_date_time: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
  });

  // The length is remembered for the next visit.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Length' })).toHaveText('45 minutes');
  expect(errors).toEqual([]);
});

test('a therapist looks in their own calendar; the empty state explains itself', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'therapist3');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
  // A therapist-only user starts with their own calendar chosen, and can choose no other.
  await expect(
    page.getByRole('group', { name: /^Open times with Priya Raman/ }).first(),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Therapists' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['Priya Raman']);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Therapists' }).press('Escape');

  // No one's availability is at the Westside Office (demo seed): nothing is open there.
  await chooseOptions(page, 'Locations', ['Westside Office']);
  await expect(
    page.getByText('No open times in these 7 days. Try the next 7 days or other therapists.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});
