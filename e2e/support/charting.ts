import { expect, type Locator, type Page } from '@playwright/test';

import { createClientByApi, therapistIdByName } from './client-api';
import { uniqueSuffix } from './clients';
import { DEMO_PASSWORD } from './demo';

/**
 * Charting (issue 17) as the specs set it up: a new client's past session, attended, with
 * a therapist; and the steps of the note page that every flow repeats.
 */

const ZONE = 'America/New_York';

async function csrf(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/user/csrf');
  expect(response.ok()).toBe(true);
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** The calendar day in New York, as YYYY-MM-DD. */
export const nyDay = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);

export interface PastSession {
  eventId: number;
  attendeeId: number;
  clientId: number;
  clientName: string;
  /** The session's day in New York. */
  day: string;
}

/**
 * A new client of `therapist` with one 60-minute appointment `daysBack` days ago (double
 * booking allowed, so the demo's own sessions never stand in the way), recorded as attended
 * unless `attended` is false. The page must be signed in as someone who may schedule.
 */
export async function bookPastSession(
  page: Page,
  therapist: string,
  options: { daysBack?: number; attended?: boolean; lastNamePrefix?: string } = {},
): Promise<PastSession> {
  const lastName = `${options.lastNamePrefix ?? 'Chart'}${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, { firstName: 'Avery', lastName, therapist });
  const start = new Date(Date.now() - (options.daysBack ?? 3) * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const created = await page.request.post('/api/calendar/createAppointment', {
    data: {
      therapistId: await therapistIdByName(page.request, therapist),
      patientId: clientId,
      practiceLocationId: null,
      isTeletherapy: false,
      eventDateTime: start.toISOString(),
      products: [],
      duration: 60,
      allowDoubleBooking: true,
    },
    headers: await csrf(page),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId =
    ((await created.json()) as { data: { calendar_event_ids: number[] } }).data
      .calendar_event_ids[0] ?? 0;
  const details = await page.request.get(`/api/patientRecord/getAppointmentDetails/${eventId}/0`);
  expect(details.ok()).toBe(true);
  const attendeeId =
    ((await details.json()) as { data: { attendees: { calendarEventAttendeeId: number }[] } }).data
      .attendees[0]?.calendarEventAttendeeId ?? 0;
  if (options.attended !== false) {
    const saved = await page.request.post('/api/calendar/editAttendance/save', {
      params: { calendar_event_attendee_id: attendeeId, calendar_event_attendee_attended: 'true' },
      headers: await csrf(page),
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return { eventId, attendeeId, clientId, clientName: `Avery ${lastName}`, day: nyDay(start) };
}

/** Opens (creating it the first time, from `templateKey` if given) the session's note through the API; its id. */
export async function openNoteByApi(
  page: Page,
  attendeeId: number,
  templateKey?: string,
): Promise<number> {
  const response = await page.request.post('/api/charting/notes', {
    data: templateKey === undefined ? { attendeeId } : { attendeeId, templateKey },
    headers: await csrf(page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { noteId: number } }).data.noteId;
}

/**
 * On the page that starts a session's note: chooses the template (its option's label starts
 * with `templateName`, then the version) and starts it; the note page follows.
 */
export async function startNoteFromPicker(
  page: Page,
  templateName: string,
  button = 'Start note',
): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Template' });
  const label = await picker.locator('option', { hasText: templateName }).first().textContent();
  await picker.selectOption({ label: label ?? templateName });
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/records\/notes\/\d+$/);
}

/** The note page's address. */
export const noteUrl = (clientId: number, noteId: number) =>
  `/n/client/${clientId}/records/notes/${noteId}`;

/** Fills a SOAP note: the four texts, 'All normal' and 'Client denies all areas of risk'. */
export async function writeSoap(page: Page, words: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Subjective/ }).fill(`${words}: slept better.`);
  await page.getByRole('textbox', { name: /^Objective/ }).fill('Calm and engaged.');
  await page
    .getByRole('group', { name: /Mental status exam/ })
    .getByRole('button', { name: 'All normal' })
    .click();
  await page.getByRole('textbox', { name: /^Assessment/ }).fill('Improving.');
  await page.getByRole('checkbox', { name: 'Client denies all areas of risk' }).check();
  await page.getByRole('textbox', { name: /^Plan/ }).fill('Weekly sessions.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * Answers the confirm dialog `title` with `button`; then, when `password` (this session has
 * not verified it in the last minutes), the Verify Password dialog.
 */
export async function confirmStep(
  page: Page,
  title: string | RegExp,
  button: string,
  options: { password: boolean },
): Promise<void> {
  const confirm = page.getByRole('dialog', { name: title });
  await confirm.getByRole('button', { name: button, exact: true }).click();
  if (!options.password) return;
  const verify = page.getByRole('dialog', { name: 'Verify Password' });
  await verify.getByLabel('Password').fill(DEMO_PASSWORD);
  await verify.getByRole('button', { name: 'Submit' }).click();
  await expect(verify).toBeHidden();
}

/** The note's status chip. */
export const noteStatus = (page: Page): Locator => page.locator('[data-note-status]');

/** A SOAP note's answers, complete for signing. */
export const COMPLETE_SOAP = {
  subjective: 'Slept better this week.',
  objective: 'Calm and engaged.',
  assessment: 'Improving.',
  plan: 'Weekly sessions.',
  mse: {
    appearance: 'Appropriate',
    behavior: 'Cooperative',
    speech: 'Normal',
    mood: 'Euthymic',
    affect: 'Congruent',
    thoughtProcess: 'Logical',
    thoughtContent: 'Appropriate',
    perception: 'No disturbance',
    orientation: 'Oriented x3',
    insight: 'Good',
    judgment: 'Good',
  },
  risk: {
    suicidal: 'None',
    homicidal: 'None',
    selfHarm: 'None',
    abuse: 'None',
    substance: 'None',
    denies: 'yes',
  },
};

/**
 * The session's note written and signed through the API (the password verified first, as
 * the page does); its id. For a licensed therapist the note is then locked.
 */
export async function signedNoteByApi(page: Page, attendeeId: number): Promise<number> {
  const noteId = await openNoteByApi(page, attendeeId);
  const note = await page.request.get(`/api/charting/notes/${noteId}`);
  const { updatedAt } = ((await note.json()) as { data: { updatedAt: string } }).data;
  const headers = await csrf(page);
  const saved = await page.request.put(`/api/charting/notes/${noteId}`, {
    data: { content: COMPLETE_SOAP, diagnosisCodes: [], updatedAt },
    headers,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const verified = await page.request.post('/api/user/verifyPassword', {
    data: { password: DEMO_PASSWORD },
    headers,
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const signed = await page.request.post(`/api/charting/notes/${noteId}/sign`, {
    data: {},
    headers,
  });
  expect(signed.ok(), await signed.text()).toBe(true);
  return noteId;
}
