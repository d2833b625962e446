import { EXTERNAL_CALENDAR_MESSAGES, ICS_NOT_A_CALENDAR } from '@openpractice/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, externalCalendarEvents, externalCalendars } from '../src/db/schema/index.ts';
import {
  fetchIcs,
  ICS_READ_FAILED,
  IcsFetchError,
} from '../src/modules/calendar/external-calendar-fetch.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * External (ICS) calendars against the real database, with the ICS files
 * served by a small HTTP server on this machine (issue 5 item 12). The app
 * may reach that one server (its exact host:port is allowed); every other
 * private address stays refused (test/calendar-external-ssrf.int.test.ts).
 */

const PURPLE = '#6A1B9A';
const TEAL = '#00695C';
const DAY = 86_400_000;

let t: TestApp;
let server: Server;
let base: string;
/** The outbound policy: only the ICS server's exact host:port may be on this machine. */
let policy: { allowPrivate: string[] };
/** What each path of the ICS server answers; tests change it as they go. */
const routes = new Map<string, { status: number; body: string; type?: string; delayMs?: number }>();
const hits = new Map<string, number>();

let ids: { therapist1: number; therapist2: number; owner2: number; users: Record<string, number> };

/** A UTC date-time as ICS writes it. */
const icsUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** Midnight UTC of the day `days` from the test clock's today, plus `hours`. */
const dayAt = (days: number, hours: number) => {
  const now = t.clock.now();
  return (
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) +
    days * DAY +
    hours * 3_600_000
  );
};

const calendarFile = (
  events: { uid: string; summary: string; start: number; end: number }[],
  extra: string[] = [],
) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'X-WR-CALNAME:Personal',
    ...extra,
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTART:${icsUtc(e.start)}`,
      `DTEND:${icsUtc(e.end)}`,
      `SUMMARY:${e.summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

function serve(path: string, body: string, status = 200, type = 'text/calendar; charset=utf-8') {
  routes.set(path, { status, body, type });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    const redirect = /^\/redirect\/(\d+)$/.exec(url);
    if (redirect) {
      const left = Number(redirect[1]);
      response.writeHead(302, { location: left > 0 ? `/redirect/${left - 1}` : '/google.ics' });
      response.end();
      return;
    }
    if (url === '/hang') return; // never answers
    const route = routes.get(url);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not here');
      return;
    }
    response.writeHead(route.status, { 'content-type': route.type ?? 'text/calendar' });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  policy = { allowPrivate: [base.slice('http://'.length)] };
  t = await testApp({ outboundFetch: policy });
  const rows = await rowsOf<{ username: string; therapist_id: number | null; user_id: number }>(
    t.app.db,
    sql`select u.username, t.id as therapist_id, u.id as user_id from users u left join therapists t on t.user_id = u.id`,
  );
  const therapist = (u: string) => rows.find((r) => r.username === u)?.therapist_id ?? 0;
  ids = {
    therapist1: therapist('therapist1'),
    therapist2: therapist('therapist2'),
    owner2: therapist('owner2'),
    users: Object.fromEntries(rows.map((r) => [r.username, r.user_id])),
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const add = (browser: Browser, over: Record<string, unknown> = {}) =>
  browser.post('/api/calendar/externalCalendar/add', {
    name: 'Personal',
    url: `${base}/google.ics`,
    color: PURPLE,
    ...over,
  });

const eventsOf = (calendarId: number) =>
  t.app.db
    .select()
    .from(externalCalendarEvents)
    .where(eq(externalCalendarEvents.calendarId, calendarId))
    .orderBy(externalCalendarEvents.startAt);

const windowQuery = (therapistIds: number[], startDays = 0, endDays = 30) =>
  `therapistIds=${therapistIds.join(',')}&start=${encodeURIComponent(new Date(dayAt(startDays, 0)).toISOString())}&end=${encodeURIComponent(new Date(dayAt(endDays, 0)).toISOString())}`;

describe('connecting and syncing an ICS calendar', () => {
  let calendarId = 0;

  it('lists nothing before a calendar is connected', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.get('/api/calendar/getTherapistExternalCalendars');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('connects a calendar: reads it once and stores its busy time', async () => {
    serve(
      '/google.ics',
      calendarFile(
        [
          { uid: 'a@google.com', summary: 'Dentist', start: dayAt(3, 15), end: dayAt(3, 16) },
          { uid: 'b@google.com', summary: 'School play', start: dayAt(4, 18), end: dayAt(4, 19) },
          // Far in the past: outside the sync window, not stored.
          { uid: 'old@google.com', summary: 'Old', start: dayAt(-400, 15), end: dayAt(-400, 16) },
        ],
        ['X-WR-RELCALID:theresa.quinn@example.com'],
      ),
    );
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await add(therapist1);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    calendarId = data.id;
    expect(data).toMatchObject({
      therapistId: ids.therapist1,
      userId: ids.users.therapist1,
      name: 'Personal',
      url: `${base}/google.ics`,
      color: PURPLE,
      calendarKey: 'theresa.quinn@example.com',
      lastSyncStatus: 'success',
      lastSyncError: null,
      skipped: false,
      eventCount: 2,
    });
    expect(data.lastSyncedAt).toMatch(/Z$/);
    const stored = await eventsOf(calendarId);
    expect(stored.map((e) => [e.uid, e.title, e.startAt.getTime(), e.therapistId])).toEqual([
      ['a@google.com', 'Dentist', dayAt(3, 15), ids.therapist1],
      ['b@google.com', 'School play', dayAt(4, 18), ids.therapist1],
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar.external_calendar_added'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ calendarId, events: 2 });
    // The address may hold a private token: it stays out of the audit log.
    expect(JSON.stringify(audit?.detail)).not.toContain(base);

    const list = await therapist1.get('/api/calendar/getTherapistExternalCalendars');
    expect(list.json().data).toEqual([expect.objectContaining({ id: calendarId, eventCount: 2 })]);
  });

  it('refuses the same address twice', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await add(therapist1, { name: 'Again' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This calendar is already connected.');
  });

  it('syncs: replaces the events with what the address holds now', async () => {
    serve(
      '/google.ics',
      calendarFile([
        { uid: 'a@google.com', summary: 'Dentist (moved)', start: dayAt(5, 13), end: dayAt(5, 14) },
      ]),
    );
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', data: { status: 'success' } });
    const stored = await eventsOf(calendarId);
    expect(stored.map((e) => [e.title, e.startAt.getTime()])).toEqual([
      ['Dentist (moved)', dayAt(5, 13)],
    ]);
  });

  it.each([
    // One message whatever the fetch's cause (security finding 13.8).
    ['a 404', 404, 'Not found', ICS_READ_FAILED],
    ['a 500', 500, 'boom', ICS_READ_FAILED],
    [
      'a page that is not a calendar',
      200,
      '<html><body>Sign in to Google</body></html>',
      ICS_NOT_A_CALENDAR,
    ],
  ])('a failed sync (%s) says why and replaces nothing', async (_label, status, body, message) => {
    serve('/google.ics', body, status, 'text/html');
    const before = await eventsOf(calendarId);
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: String(calendarId),
      user_id: String(ids.users.therapist1),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failure', data: { status: 'failure', message } });
    expect(await eventsOf(calendarId)).toEqual(before);
    const [row] = await t.app.db
      .select()
      .from(externalCalendars)
      .where(eq(externalCalendars.id, calendarId));
    expect(row).toMatchObject({ lastSyncStatus: 'failure', lastSyncError: message });
    expect(JSON.stringify(response.json())).not.toContain('Sign in to Google');
  });

  it('follows up to 3 redirects and records success again', async () => {
    serve(
      '/google.ics',
      calendarFile([
        { uid: 'c@google.com', summary: 'Haircut', start: dayAt(6, 15), end: dayAt(6, 16) },
      ]),
    );
    await t.app.db
      .update(externalCalendars)
      .set({ url: `${base}/redirect/2` })
      .where(eq(externalCalendars.id, calendarId));
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist1,
    });
    expect(response.json().data).toEqual({ status: 'success' });
    expect((await eventsOf(calendarId)).map((e) => e.title)).toEqual(['Haircut']);
    const [row] = await t.app.db
      .select()
      .from(externalCalendars)
      .where(eq(externalCalendars.id, calendarId));
    expect(row).toMatchObject({ lastSyncStatus: 'success', lastSyncError: null });

    await t.app.db
      .update(externalCalendars)
      .set({ url: `${base}/redirect/3` })
      .where(eq(externalCalendars.id, calendarId));
    const tooMany = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist1,
    });
    expect(tooMany.json().data).toEqual({
      status: 'failure',
      message: ICS_READ_FAILED,
    });
    await t.app.db
      .update(externalCalendars)
      .set({ url: `${base}/google.ics` })
      .where(eq(externalCalendars.id, calendarId));
  });

  it('lets only the owner sync: others get 403 or 404, another practice too', async () => {
    const body = { calendar_id: calendarId, user_id: ids.users.therapist1 };
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect((await therapist2.post('/api/calendar/externalCalendar/sync', body)).statusCode).toBe(
      403,
    );
    const own = await therapist2.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist2,
    });
    expect(own.statusCode).toBe(404);
    expect(own.json().message).toBe('We could not find that external calendar.');
    const owner2 = await signedIn(t.app, 'owner2');
    const other = await owner2.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.owner2,
    });
    expect(other.statusCode).toBe(404);
    expect((await owner2.get('/api/calendar/getTherapistExternalCalendars')).json().data).toEqual(
      [],
    );
    const manager = await signedIn(t.app, 'manager');
    const managerSync = await manager.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.manager,
    });
    expect(managerSync.statusCode).toBe(403);
    expect(managerSync.json().message).toBe(
      'Only therapists can connect external calendars to their own calendar.',
    );
    // Nobody else may remove it either.
    const removed = await therapist2.post('/api/calendar/externalCalendar/remove', {
      calendar_id: calendarId,
    });
    expect(removed.statusCode).toBe(404);
  });

  it('shows titles only to their owner; others see Busy; another practice sees nothing', async () => {
    const query = windowQuery([ids.therapist1]);
    const therapist1 = await signedIn(t.app, 'therapist1');
    const own = await therapist1.get(`/api/calendar/externalCalendar/events?${query}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([
      {
        id: expect.any(Number),
        title: 'Haircut',
        start: new Date(dayAt(6, 15)).toISOString(),
        end: new Date(dayAt(6, 16)).toISOString(),
        allDay: false,
        calendarId,
        color: PURPLE,
        therapistId: ids.therapist1,
      },
    ]);
    for (const username of ['scheduler', 'manager', 'frontoffice']) {
      const browser = await signedIn(t.app, username);
      const response = await browser.get(`/api/calendar/externalCalendar/events?${query}`);
      expect(response.statusCode, username).toBe(200);
      expect(
        response.json().data.map((e: { title: string }) => e.title),
        username,
      ).toEqual(['Busy']);
    }
    const therapist2 = await signedIn(t.app, 'therapist2');
    const refused = await therapist2.get(`/api/calendar/externalCalendar/events?${query}`);
    expect(refused.statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    const other = await owner2.get(`/api/calendar/externalCalendar/events?${query}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
  });

  it('answers all-day events as days in the practice zone', async () => {
    serve(
      '/google.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:allday',
        `DTSTART;VALUE=DATE:${new Date(dayAt(7, 0)).toISOString().slice(0, 10).replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${new Date(dayAt(9, 0)).toISOString().slice(0, 10).replace(/-/g, '')}`,
        'SUMMARY:Conference',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    const therapist1 = await signedIn(t.app, 'therapist1');
    await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist1,
    });
    const response = await therapist1.get(
      `/api/calendar/externalCalendar/events?${windowQuery([ids.therapist1])}`,
    );
    expect(response.json().data).toEqual([
      expect.objectContaining({
        title: 'Conference',
        allDay: true,
        start: new Date(dayAt(7, 0)).toISOString().slice(0, 10),
        end: new Date(dayAt(9, 0)).toISOString().slice(0, 10),
      }),
    ]);
    const [stored] = await eventsOf(calendarId);
    // Midnight in New York, not in UTC.
    expect(stored?.startAt.getUTCHours()).toBeGreaterThanOrEqual(4);
  });

  it('getMyCalendarAndSharedCalendars returns events and, for a shown therapist, their external events', async () => {
    const body = {
      therapistIds: [ids.therapist1],
      start: new Date(dayAt(0, 0)).toISOString(),
      end: new Date(dayAt(30, 0)).toISOString(),
      includeCancelledEvents: false,
      externalCalendarIds: null,
      locationIds: [],
    };
    const therapist1 = await signedIn(t.app, 'therapist1');
    const own = await therapist1.post('/api/calendar/getMyCalendarAndSharedCalendars', body);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.events.length).toBeGreaterThan(0);
    expect(own.json().data.events[0]).toHaveProperty('calendar_color');
    expect(own.json().data.externalEvents).toEqual([
      expect.objectContaining({ title: 'Conference', calendarId, color: PURPLE }),
    ]);
    const filtered = await therapist1.post('/api/calendar/getMyCalendarAndSharedCalendars', {
      ...body,
      externalCalendarIds: [calendarId + 1000],
    });
    expect(filtered.json().data.externalEvents).toEqual([]);
    // The manager is not among the shown therapists: no external events.
    const manager = await signedIn(t.app, 'manager');
    const shared = await manager.post('/api/calendar/getMyCalendarAndSharedCalendars', body);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.events.length).toBe(own.json().data.events.length);
    expect(shared.json().data.externalEvents).toEqual([]);
    // therapist2 sees therapist1's busy time only as Busy, when among the shown therapists itself... but
    // a therapist-only user may not name another therapist at all.
    const therapist2 = await signedIn(t.app, 'therapist2');
    const refused = await therapist2.post('/api/calendar/getMyCalendarAndSharedCalendars', body);
    expect(refused.statusCode).toBe(403);
    const tooLong = await therapist1.post('/api/calendar/getMyCalendarAndSharedCalendars', {
      ...body,
      end: new Date(dayAt(60, 0)).toISOString(),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps no events of a calendar whose id turns out to be a contacts or holiday calendar', async () => {
    serve(
      '/google.ics',
      calendarFile(
        [{ uid: 'bday', summary: 'Birthday', start: dayAt(3, 15), end: dayAt(3, 16) }],
        ['X-WR-RELCALID:addressbook#contacts@group.v.calendar.google.com'],
      ),
    );
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: ids.users.therapist1,
    });
    expect(response.json().data).toEqual({
      status: 'success',
      message: EXTERNAL_CALENDAR_MESSAGES.skipped,
    });
    expect(await eventsOf(calendarId)).toEqual([]);
    const list = await therapist1.get('/api/calendar/getTherapistExternalCalendars');
    expect(list.json().data[0]).toMatchObject({ skipped: true, eventCount: 0 });
  });

  it('removes a calendar with its events', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post('/api/calendar/externalCalendar/remove', {
      calendar_id: calendarId,
    });
    expect(response.json()).toEqual({ status: 'success' });
    expect(await eventsOf(calendarId)).toEqual([]);
    expect(
      (await therapist1.get('/api/calendar/getTherapistExternalCalendars')).json().data,
    ).toEqual([]);
    const again = await therapist1.post('/api/calendar/externalCalendar/remove', {
      calendar_id: calendarId,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('what connecting refuses (nothing is stored)', () => {
  const count = async () =>
    (
      await rowsOf<{ n: number }>(t.app.db, sql`select count(*)::int as n from external_calendars`)
    )[0]?.n;

  it.each<[string, Record<string, unknown>, number, string]>([
    [
      'an address that is not http(s)',
      { url: 'ftp://example.com/a.ics' },
      400,
      'Enter the calendar’s ICS address (http or https).',
    ],
    ['a blank name', { name: '  ' }, 400, 'Enter a name for the calendar.'],
    ['a colour outside the palette', { color: '#FF0000' }, 400, 'Choose one of the colours.'],
    [
      "Google's US holidays",
      {
        url: 'https://calendar.google.com/calendar/ical/en.usa%23holiday%40group.v.calendar.google.com/public/basic.ics',
      },
      400,
      EXTERNAL_CALENDAR_MESSAGES.skipped,
    ],
  ])('%s', async (_label, over, status, message) => {
    const before = await count();
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await add(therapist1, over);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('an address that does not answer with a calendar', async () => {
    const before = await count();
    const therapist1 = await signedIn(t.app, 'therapist1');
    const missing = await add(therapist1, { url: `${base}/missing.ics` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: ICS_READ_FAILED,
      field: 'url',
    });
    serve('/garbage.ics', 'this is not a calendar', 200, 'text/plain');
    const garbage = await add(therapist1, { url: `${base}/garbage.ics` });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(`We could not read that calendar. ${ICS_NOT_A_CALENDAR}`);
    expect(await count()).toBe(before);
  });

  it('a calendar file that names itself a contacts calendar', async () => {
    serve(
      '/contacts.ics',
      calendarFile([], ['X-WR-RELCALID:addressbook#contacts@group.v.calendar.google.com']),
    );
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await add(therapist1, { url: `${base}/contacts.ics` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(EXTERNAL_CALENDAR_MESSAGES.skipped);
  });

  it('users without a therapist record', async () => {
    serve('/ok.ics', calendarFile([]));
    for (const username of ['manager', 'scheduler']) {
      const browser = await signedIn(t.app, username);
      const response = await add(browser, { url: `${base}/ok.ics` });
      expect(response.statusCode, username).toBe(403);
      expect(
        (await browser.get('/api/calendar/getTherapistExternalCalendars')).json().data,
      ).toEqual([]);
    }
    const biller = await signedIn(t.app, 'biller');
    expect((await add(biller, { url: `${base}/ok.ics` })).statusCode).toBe(403);
  });

  it('more than 10 calendars', async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    for (let i = 0; i < 10; i++) {
      serve(`/many-${i}.ics`, calendarFile([]));
      const response = await add(therapist2, {
        name: `Cal ${i}`,
        url: `${base}/many-${i}.ics`,
        color: TEAL,
      });
      expect(response.statusCode).toBe(201);
    }
    serve('/many-10.ics', calendarFile([]));
    const eleventh = await add(therapist2, { url: `${base}/many-10.ics` });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe('You can connect at most 10 external calendars.');
  });
});

describe('fetching an ICS address', () => {
  it('gives up after the timeout', async () => {
    await expect(fetchIcs(`${base}/hang`, { ...policy, timeoutMs: 300 })).rejects.toThrow(
      new IcsFetchError(),
    );
  });

  it('refuses a file over the size limit', async () => {
    serve('/big.ics', `BEGIN:VCALENDAR\r\n${'X-FILL:0123456789\r\n'.repeat(200)}END:VCALENDAR\r\n`);
    await expect(fetchIcs(`${base}/big.ics`, { ...policy, maxBytes: 1024 })).rejects.toThrow(
      ICS_READ_FAILED,
    );
    expect(await fetchIcs(`${base}/big.ics`, policy)).toContain('BEGIN:VCALENDAR');
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/cal.ics',
    'http://0.0.0.0/cal.ics',
    'http://no-such-host.invalid/cal.ics',
  ])('refuses %s with the one message', async (url) => {
    await expect(fetchIcs(url)).rejects.toThrow(new IcsFetchError());
  });

  it('refuses this machine unless its exact host:port is allowed', async () => {
    await expect(fetchIcs(`${base}/big.ics`)).rejects.toThrow(ICS_READ_FAILED);
  });

  it('cannot be told to leave http', async () => {
    routes.set('/to-file', { status: 200, body: '' });
    const redirecting = createServer((_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    // The redirecting server itself is allowed: only the file: hop is refused.
    const allowPrivate = [`127.0.0.1:${port}`];
    await expect(fetchIcs(`http://127.0.0.1:${port}/`, { allowPrivate })).rejects.toThrow(
      ICS_READ_FAILED,
    );
    await new Promise((resolve) => redirecting.close(resolve));
  });
});
