import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { createClientByApi, therapistIdByName } from './client-api';
import { uniqueSuffix } from './clients';

/** Calendar days and times as the demo practices keep them (New York). */
export const ZONE = 'America/New_York';

/** The calendar day in New York, as YYYY-MM-DD. */
export const nyDay = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Saturday on or after today + 7 × `weeks`: a day the demo's therapists keep free. */
export function saturdayAhead(weeks: number): string {
  const from = addDays(nyDay(new Date()), 7 * weeks);
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, (6 - weekday + 7) % 7);
}

/** A wall-clock time in New York on a day, as an instant. */
export function nyInstant(day: string, hour: number, minute = 0): string {
  const guess = Date.parse(
    `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  const zoned = new Date(new Date(guess).toLocaleString('en-US', { timeZone: ZONE }));
  const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess + (utc.getTime() - zoned.getTime())).toISOString();
}

export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/user/csrf');
  expect(response.ok()).toBe(true);
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

interface ProductOption {
  products: { productId: number; cptCode: string }[];
}

/** The id of the signed-in practice's service with this CPT code, as the scheduling dialog offers it. */
async function productIdOf(
  request: APIRequestContext,
  query: { therapistId: number; clientId: number; start: string },
  cptCode: string,
): Promise<number> {
  const response = await request.get('/api/availability/findProductsForSchedulingRequest', {
    params: { duration: 0, ...query },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const options = ((await response.json()) as { data: { products: ProductOption[] } }).data
    .products;
  const found = options.flatMap((o) => o.products).find((p) => p.cptCode === cptCode)?.productId;
  expect(found, `service ${cptCode}`).toBeDefined();
  return found ?? 0;
}

/** The id of one of the signed-in practice's locations, by name. */
async function locationIdOf(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/availability/listServiceLocations');
  expect(response.ok()).toBe(true);
  const rows = ((await response.json()) as { data: { id: number; name: string }[] }).data;
  const found = rows.find((r) => r.name === name)?.id;
  expect(found, `location ${name}`).toBeDefined();
  return found ?? 0;
}

export interface Booked {
  eventId: number;
  clientName: string;
}

/**
 * Books an appointment through the API for a new client of the therapist (by
 * name), with a service when one is named; answers the event and the client's name.
 */
export async function bookByApi(
  page: Page,
  therapist: string,
  start: string,
  options: { service?: string; firstName?: string; location?: string } = {},
): Promise<Booked> {
  const firstName = options.firstName ?? 'Robin';
  const lastName = `Cal${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, { firstName, lastName, therapist });
  const therapistId = await therapistIdByName(page.request, therapist);
  const products = options.service
    ? [
        {
          productId: await productIdOf(
            page.request,
            { therapistId, clientId, start },
            options.service,
          ),
        },
      ]
    : [];
  const response = await page.request.post('/api/calendar/createAppointment', {
    data: {
      therapistId,
      patientId: clientId,
      practiceLocationId: options.location
        ? await locationIdOf(page.request, options.location)
        : null,
      isTeletherapy: false,
      eventDateTime: start,
      products,
      ...(options.service ? {} : { duration: 60 }),
    },
    headers: await csrfHeader(page.request),
  });
  expect(response.status(), await response.text()).toBe(201);
  const eventId =
    ((await response.json()) as { data: { calendar_event_ids: number[] } }).data
      .calendar_event_ids[0] ?? 0;
  return { eventId, clientName: `${firstName} ${lastName}` };
}

/** The stored event as the calendar reads it (cancelled ones included). */
export async function storedEvent(
  request: APIRequestContext,
  therapistId: number,
  day: string,
  eventId: number,
): Promise<{ start_date_time: string; end_date_time: string } | undefined> {
  const response = await request.get('/api/calendar/getTherapistAppointments', {
    params: {
      therapistIds: String(therapistId),
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

/**
 * Opens the schedule on the week of `day` (YYYY-MM-DD in New York). The
 * calendar reopens on the date it showed last, so this starts from today's
 * week and counts weeks from there.
 */
export async function openScheduleWeekOf(page: Page, day: string): Promise<void> {
  await page.goto('/n/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
  const today = nyDay(new Date());
  const sundayOf = (d: string) => addDays(d, -new Date(`${d}T00:00:00Z`).getUTCDay());
  const weeks = Math.round(
    (Date.parse(sundayOf(day)) - Date.parse(sundayOf(today))) / (7 * 86_400_000),
  );
  const toolbar = page.getByRole('toolbar', { name: 'Calendar' });
  const fc = page.locator('.fc');
  await toolbar.getByRole('button', { name: 'Today' }).click();
  await expect(fc.locator(`[data-date="${today}"]`).first()).toBeVisible();
  for (let i = 0; i < Math.abs(weeks); i++) {
    await toolbar.getByRole('button', { name: weeks > 0 ? 'Next week' : 'Previous week' }).click();
  }
  await expect(fc.locator(`[data-date="${day}"]`).first()).toBeVisible();
}
