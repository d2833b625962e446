import { expect, test, type Locator, type Page } from './support/test';
import { createServer, type Server } from 'node:http';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { icsPort } from './support/ics';
import { signInAs } from './support/sign-in';

/**
 * External (ICS) calendars (issue 5 item 12): therapist1 connects an ICS
 * address served by a small HTTP server this spec starts, syncs it, and sees
 * its busy time read-only on /n/schedule in the calendar's colour; the
 * manager, who is not among the shown therapists, does not. The outside
 * events lie on Sundays 14:00-18:00 (New York), two to five weeks ahead,
 * where the demo has no appointments and no other spec books.
 */

const ZONE = 'America/New_York';
const TEAL = 'rgb(0, 105, 92)';

function nyDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Sunday `weeks` weeks ahead: the first Sunday on or after today + 7 × weeks. */
function sundayAhead(weeks: 2 | 3 | 4 | 5): string {
  const from = addDays(nyDay(new Date()), 7 * weeks);
  return addDays(from, (7 - new Date(`${from}T00:00:00Z`).getUTCDay()) % 7);
}

/** A wall-clock time in New York on a day, as an ISO instant. */
function nyInstant(day: string, hour: number): string {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const zoned = new Date(new Date(guess).toLocaleString('en-US', { timeZone: ZONE }));
  const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess + (utc.getTime() - zoned.getTime())).toISOString();
}

/** A New York wall-clock time, as ICS writes it with its zone. */
const icsLocal = (day: string, hour: number) =>
  `${day.replace(/-/g, '')}T${String(hour).padStart(2, '0')}0000`;

const RECITAL_DAY = sundayAhead(3);
const HIKE_DAY = sundayAhead(4);

/** What an Outlook-style calendar with a Windows zone name publishes. */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:Microsoft Exchange Server 2010',
  'X-WR-CALNAME:Family',
  'BEGIN:VEVENT',
  'UID:recital-e2e',
  `DTSTART;TZID=Eastern Standard Time:${icsLocal(RECITAL_DAY, 14)}`,
  `DTEND;TZID=Eastern Standard Time:${icsLocal(RECITAL_DAY, 15)}`,
  'SUMMARY:Piano recital',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:hike-e2e',
  `DTSTART;TZID=America/New_York:${icsLocal(HIKE_DAY, 15)}`,
  `DTEND;TZID=America/New_York:${icsLocal(HIKE_DAY, 17)}`,
  'SUMMARY:Family hike\\, bring water',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let server: Server;
let icsUrl: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/family.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(ICS);
      return;
    }
    response.writeHead(404);
    response.end();
  });
  // The one local address the end-to-end app may fetch (support/server.ts).
  const port = icsPort(Number(process.env.E2E_APP_PORT));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  icsUrl = `http://127.0.0.1:${String(port)}/family.ics`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const calendar = (page: Page) => page.locator('.fc');
const outsideEvent = (page: Page, text: string): Locator =>
  calendar(page).locator('.fc-event', { hasText: text });

async function openSchedule(page: Page): Promise<void> {
  await page.goto('/n/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(calendar(page)).toBeVisible();
}

/** Moves the calendar forward week by week until it shows `day`. */
async function goToWeekOf(page: Page, day: string): Promise<void> {
  const sundayOf = (d: string) => addDays(d, -new Date(`${d}T00:00:00Z`).getUTCDay());
  const weeks = Math.round(
    (Date.parse(sundayOf(day)) - Date.parse(sundayOf(nyDay(new Date())))) / (7 * 86_400_000),
  );
  for (let i = 0; i < weeks; i++) {
    await page
      .getByRole('toolbar', { name: 'Calendar' })
      .getByRole('button', { name: 'Next week' })
      .click();
  }
  await expect(calendar(page).locator(`[data-date="${day}"]`).first()).toBeVisible();
}

test.describe.serial('external calendars', () => {
  test('therapist1 connects and syncs an ICS calendar; its busy time shows read-only in its colour', async ({
    page,
  }) => {
    // Two axe scans, a connect, a sync and six weeks of navigation.
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1', { next: '/schedule' });
    await openSchedule(page);

    await page.getByRole('button', { name: 'External calendars' }).click();
    const dialog = page.getByRole('dialog', { name: 'External calendars' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('You have not connected an external calendar yet.'),
    ).toBeVisible();
    // Wait for the opening fade, so colours are final for the scan.
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    // The dialog (a portal outside <main>); the schedule behind it is scanned by calendar-page.spec.ts.
    await expectNoSeriousA11yViolations(page, { exclude: ['main'] });

    // A wrong address is refused before anything is stored.
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Family');
    await dialog.getByRole('textbox', { name: 'ICS address' }).fill('family calendar');
    await dialog.getByRole('button', { name: 'Connect calendar' }).click();
    await expect(
      dialog.getByText('Enter the calendar’s ICS address (http or https).'),
    ).toBeVisible();

    await dialog.getByRole('textbox', { name: 'ICS address' }).fill(icsUrl);
    await dialog.getByRole('radio', { name: 'Teal' }).check();
    await dialog.getByRole('button', { name: 'Connect calendar' }).click();
    await expect(page.getByText('External calendar connected.')).toBeVisible();
    const connected = dialog.getByRole('list', { name: 'Connected calendars' });
    await expect(connected.getByText('Family', { exact: true })).toBeVisible();
    await expect(connected.getByText(/Last synced .*2 busy items\./)).toBeVisible();

    await dialog.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('Starting sync.')).toBeVisible();
    await expect(page.getByText('Sync complete.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { exclude: ['main'] });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await goToWeekOf(page, RECITAL_DAY);
    const recital = outsideEvent(page, 'Piano recital');
    await expect(recital).toBeVisible();
    await expect(recital).toHaveCSS('background-color', TEAL);
    // 14:00 on the practice's clock, though the file named Windows' 'Eastern Standard Time'.
    const own = await page.request.get('/api/calendar/externalCalendar/events', {
      params: {
        therapistIds: await therapist1Id(page),
        start: RECITAL_DAY,
        end: addDays(RECITAL_DAY, 1),
      },
    });
    expect(((await own.json()) as { data: { title: string; start: string }[] }).data).toEqual([
      expect.objectContaining({ title: 'Piano recital', start: nyInstant(RECITAL_DAY, 14) }),
    ]);
    // Read-only: not draggable.
    await expect(recital).not.toHaveClass(/fc-event-draggable/);
    // The next Sunday is the following week.
    await page
      .getByRole('toolbar', { name: 'Calendar' })
      .getByRole('button', { name: 'Next week' })
      .click();
    await expect(calendar(page).locator(`[data-date="${HIKE_DAY}"]`).first()).toBeVisible();
    await expect(outsideEvent(page, 'Family hike, bring water')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the manager, not among the shown therapists, does not see them', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/schedule' });
    await openSchedule(page);
    await goToWeekOf(page, RECITAL_DAY);
    await expect(
      calendar(page).locator('.fc-col-header-cell', { hasText: 'Theresa Quinn' }),
    ).toBeVisible();
    await expect(outsideEvent(page, 'Piano recital')).toHaveCount(0);
    await expect(outsideEvent(page, 'Busy')).toHaveCount(0);
    // The API shows others only 'Busy', never the title.
    const response = await page.request.get('/api/calendar/externalCalendar/events', {
      params: {
        therapistIds: await therapist1Id(page),
        start: RECITAL_DAY,
        end: addDays(RECITAL_DAY, 1),
      },
    });
    expect(response.ok()).toBe(true);
    const rows = ((await response.json()) as { data: { title: string }[] }).data;
    expect(rows.map((r) => r.title)).toEqual(['Busy']);
  });

  test('therapist1 removes the calendar, with confirmation; its busy time goes', async ({
    page,
  }) => {
    await signInAs(page, 'therapist1', { next: '/schedule' });
    await openSchedule(page);
    await page.getByRole('button', { name: 'External calendars' }).click();
    const dialog = page.getByRole('dialog', { name: 'External calendars' });
    await dialog.getByRole('button', { name: 'Remove Family' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Family?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('External calendar removed.')).toBeVisible();
    await expect(
      dialog.getByText('You have not connected an external calendar yet.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await goToWeekOf(page, RECITAL_DAY);
    await expect(outsideEvent(page, 'Piano recital')).toHaveCount(0);
  });
});

async function therapist1Id(page: Page): Promise<string> {
  const response = await page.request.get('/api/calendar/getVisibleCalendars');
  const rows = (
    (await response.json()) as {
      data: { therapists: { id: number; practitionerLastName: string }[] };
    }
  ).data.therapists;
  return String(rows.find((r) => r.practitionerLastName === 'Quinn')?.id ?? 0);
}
