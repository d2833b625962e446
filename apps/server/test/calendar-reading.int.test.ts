import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { availabilityDays, availabilitySpans, externalCalendars } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Reading the calendar (docs/calendar-api.md, calendars-routes.ts): which
 * calendars a user sees, availability for a month window, spans, and the
 * live-change version. Two practices, therapist-only users and bad input.
 */

let t: TestApp;
let ids: {
  therapist: Record<string, number>;
  practice1: number;
  practice2: number;
  location: number;
  otherLocation: number;
  margaret: number;
  product: number;
};

beforeAll(async () => {
  t = await testApp();
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;
  const therapists = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  const practice1 = await one(sql`select id from practices order by id limit 1`);
  const practice2 = await one(sql`select id from practices order by id offset 1 limit 1`);
  ids = {
    therapist: Object.fromEntries(therapists.map((r) => [r.username, r.id])),
    practice1,
    practice2,
    location: await one(
      sql`select id from locations where practice_id = ${practice1} and is_default`,
    ),
    otherLocation: await one(
      sql`select id from locations where practice_id = ${practice1} and not is_default order by id limit 1`,
    ),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice1} and cpt_code = '90837'`,
    ),
  };
});
afterAll(() => t.close());

const tid = (username: string): number => {
  const id = ids.therapist[username];
  if (!id) throw new Error(`no therapist ${username}`);
  return id;
};

const PRACTICE_THERAPISTS = ['therapist1', 'therapist2', 'therapist3', 'therapist4', 'therapist5'];

describe('GET /api/calendar/getVisibleCalendars', () => {
  it('gives a manager every therapist of the practice, active first by last name', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get('/api/calendar/getVisibleCalendars');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      reach: 'practice',
      currentTherapistId: null,
      maxSelectable: 16,
      maySchedule: true,
      timezone: 'America/New_York',
      userId: expect.any(Number),
      screenReader: false,
    });
    const got = data.therapists.map((r: { id: number }) => r.id).sort();
    expect(got).toEqual(PRACTICE_THERAPISTS.map(tid).sort());
    const lastNames = data.therapists.map(
      (r: { practitionerLastName: string }) => r.practitionerLastName,
    );
    expect(lastNames).toEqual(
      [...lastNames].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(data.therapists[0]).toEqual({
      id: expect.any(Number),
      userId: expect.any(Number),
      active: true,
      practitionerFirstName: expect.any(String),
      practitionerLastName: expect.any(String),
      isCurrentUser: false,
    });
  });

  it('lists an inactive therapist after the active ones', async () => {
    await t.app.db.execute(
      sql`update therapists set active = false where id = ${tid('therapist5')}`,
    );
    try {
      const manager = await signedIn(t.app, 'manager');
      const therapists = (await manager.get('/api/calendar/getVisibleCalendars')).json().data
        .therapists;
      expect(therapists.at(-1)).toMatchObject({ id: tid('therapist5'), active: false });
      expect(therapists.slice(0, -1).every((r: { active: boolean }) => r.active)).toBe(true);
    } finally {
      await t.app.db.execute(
        sql`update therapists set active = true where id = ${tid('therapist5')}`,
      );
    }
  });

  it('gives a therapist-only user their own calendar only', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const data = (await therapist.get('/api/calendar/getVisibleCalendars')).json().data;
    expect(data.reach).toBe('own');
    expect(data.currentTherapistId).toBe(tid('therapist2'));
    expect(data.maySchedule).toBe(true);
    expect(data.therapists).toHaveLength(1);
    expect(data.therapists[0]).toMatchObject({
      id: tid('therapist2'),
      practitionerFirstName: 'Daniel',
      practitionerLastName: 'Okafor',
      isCurrentUser: true,
    });
  });

  it('says front office may read but not schedule', async () => {
    const frontOffice = await signedIn(t.app, 'frontoffice');
    const data = (await frontOffice.get('/api/calendar/getVisibleCalendars')).json().data;
    expect(data).toMatchObject({ reach: 'practice', maySchedule: false });
    expect(data.therapists).toHaveLength(PRACTICE_THERAPISTS.length);
  });

  it('keeps practices apart: the second practice sees only its own therapist', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const data = (await owner2.get('/api/calendar/getVisibleCalendars')).json().data;
    expect(data.reach).toBe('practice');
    expect(data.currentTherapistId).toBe(tid('owner2'));
    expect(data.therapists.map((r: { id: number }) => r.id)).toEqual([tid('owner2')]);
    expect(data.therapists[0].isCurrentUser).toBe(true);
  });

  it.each(['staffadmin', 'custodian'])(
    'refuses %s (staff without a calendar role) at the gate',
    async (username) => {
      const browser = await signedIn(t.app, username);
      for (const path of [
        '/api/calendar/getVisibleCalendars',
        `/api/calendar/getTherapistAppointments?therapistIds=${tid('therapist1')}&start=2031-03-02&end=2031-03-09`,
        `/api/calendar/getTherapistAvailability?therapistIds=${tid('therapist1')}&start=2031-03-02&end=2031-03-09`,
      ]) {
        const response = await browser.get(path);
        expect(response.statusCode, path).toBe(403);
        expect(response.json().message, path).toBe('Permission denied');
      }
    },
  );

  it.each([
    ['anonymous', null, 401],
    ['a client', 'client1', 403],
    ['support staff outside a practice', 'support', 403],
  ])('refuses %s', async (_who, username, status) => {
    const browser = username ? await signedIn(t.app, username) : new Browser(t.app);
    expect((await browser.get('/api/calendar/getVisibleCalendars')).statusCode).toBe(status);
  });
});

describe('GET /api/calendar/getMyCalendars', () => {
  it("lists a therapist's practice calendar and connected calendars, without their addresses", async () => {
    await t.app.db.insert(externalCalendars).values([
      {
        practiceId: ids.practice1,
        therapistId: tid('therapist3'),
        calendarKey: 'home-cal',
        name: 'Home',
        url: 'https://calendar.example/secret-token/home.ics',
        color: '#7b1fa2',
        lastSyncStatus: 'success',
        lastSyncedAt: new Date('2031-01-02T03:04:05Z'),
      },
      {
        practiceId: ids.practice1,
        therapistId: tid('therapist4'),
        calendarKey: 'other',
        name: 'Not yours',
        url: 'https://calendar.example/other.ics',
        color: '#000000',
      },
    ]);
    const therapist = await signedIn(t.app, 'therapist3');
    const response = await therapist.get('/api/calendar/getMyCalendars');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.calendars).toEqual([
      { kind: 'practice', therapistId: tid('therapist3'), name: 'Priya Raman' },
      {
        kind: 'external',
        id: expect.any(Number),
        name: 'Home',
        color: '#7b1fa2',
        lastSyncedAt: '2031-01-02T03:04:05.000Z',
        lastSyncStatus: 'success',
      },
    ]);
    expect(response.body).not.toContain('secret-token');
  });

  it('gives a user who is not a therapist no calendars of their own', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get('/api/calendar/getMyCalendars');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ calendars: [] });
  });

  it("shows the second practice's owner only their own calendar", async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const calendars = (await owner2.get('/api/calendar/getMyCalendars')).json().data.calendars;
    expect(calendars).toEqual([
      { kind: 'practice', therapistId: tid('owner2'), name: expect.stringContaining('Second') },
    ]);
  });

  it('refuses anonymous callers', async () => {
    expect((await new Browser(t.app).get('/api/calendar/getMyCalendars')).statusCode).toBe(401);
  });
});

describe('GET /api/calendar/getTherapistAvailability', () => {
  const url = (therapistIds: number[] | string, start: string, end: string, extra = '') =>
    `/api/calendar/getTherapistAvailability?therapistIds=${
      Array.isArray(therapistIds) ? therapistIds.join(',') : therapistIds
    }&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}${extra}`;

  it('expands the weekly hours over the six weeks of a month view', async () => {
    const manager = await signedIn(t.app, 'manager');
    // March 2031: the six weeks from Sunday 2 March to Sunday 13 April (exclusive), 30 weekdays.
    const response = await manager.get(
      url([tid('therapist1'), tid('therapist2')], '2031-03-02', '2031-04-13'),
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(60);
    expect(new Set(data.map((r: { user_id_therapist: number }) => r.user_id_therapist))).toEqual(
      new Set([tid('therapist1'), tid('therapist2')]),
    );
    expect(data[0]).toMatchObject({
      date: '2031-03-03',
      day_of_week: 1,
      start_time: '09:00:00',
      end_time: '17:00:00',
      start_date_time: '2031-03-03T14:00:00.000Z',
      practice_location_id: ids.location,
      calendar_event_type_constant: 'calendarevent.type.availability',
    });
    // Summer time from 9 March: 09:00 in New York is 13:00 UTC.
    const april = data.find((r: { date: string }) => r.date === '2031-04-11');
    expect(april).toMatchObject({ start_date_time: '2031-04-11T13:00:00.000Z' });
    expect(data.some((r: { date: string }) => r.date === '2031-04-13')).toBe(false);
  });

  it('reads instants in the practice time zone', async () => {
    const manager = await signedIn(t.app, 'manager');
    // Midnight in New York on Monday 3 March to midnight on Tuesday: one day.
    const response = await manager.get(
      url([tid('therapist1')], '2031-03-03T05:00:00Z', '2031-03-04T05:00:00Z'),
    );
    expect(response.json().data.map((r: { date: string }) => r.date)).toEqual(['2031-03-03']);
  });

  it('filters by location', async () => {
    const manager = await signedIn(t.app, 'manager');
    const atMain = await manager.get(
      url([tid('therapist1')], '2031-03-02', '2031-03-09', `&locationIds=${ids.location}`),
    );
    expect(atMain.json().data).toHaveLength(5);
    if (ids.otherLocation) {
      const elsewhere = await manager.get(
        url([tid('therapist1')], '2031-03-02', '2031-03-09', `&locationIds=${ids.otherLocation}`),
      );
      expect(elsewhere.json().data).toEqual([]);
    }
  });

  it('lets a therapist-only user read their own availability and refuses a colleague', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const own = await therapist.get(url([tid('therapist1')], '2031-03-02', '2031-03-09'));
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(5);
    const colleague = await therapist.get(
      url([tid('therapist1'), tid('therapist2')], '2031-03-02', '2031-03-09'),
    );
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe('You can see and change only your own calendar.');
  });

  it("gives another practice's therapists nothing", async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const response = await owner2.get(url([tid('therapist1')], '2031-03-02', '2031-03-09'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it.each([
    ['a window over 43 days', [1], '2031-03-01', '2031-04-14', 'end'],
    ['an end before the start', [1], '2031-03-09', '2031-03-02', 'end'],
    ['an unreadable start', [1], 'soon', '2031-03-02', 'start'],
    ['no therapist', '', '2031-03-02', '2031-03-09', 'therapistIds'],
    ['a therapist id that is not a number', 'abc', '2031-03-02', '2031-03-09', 'therapistIds'],
    [
      'more than 16 therapists',
      Array.from({ length: 17 }, (_, i) => i + 1),
      '2031-03-02',
      '2031-03-09',
      'therapistIds',
    ],
  ])('400 for %s', async (_label, therapistIds, start, end, field) => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(url(therapistIds, start, end));
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('error');
    expect(response.json().field).toMatch(new RegExp(`^${field}`));
  });

  it('allows exactly 43 days', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(url([tid('therapist1')], '2031-03-01', '2031-04-13'));
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/availability/getAvailabilitySpansForTherapists', () => {
  it('gives each therapist their spans, and an empty list to one without', async () => {
    const [span] = await t.app.db
      .insert(availabilitySpans)
      .values({
        practiceId: ids.practice1,
        therapistId: tid('therapist4'),
        spanFrom: '2032-01-01',
        spanTo: '2032-06-30',
      })
      .returning({ id: availabilitySpans.id });
    await t.app.db.insert(availabilityDays).values({
      spanId: span!.id,
      dayOfWeek: 6,
      startTime: '10:00',
      endTime: '12:00',
    });
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await scheduler.get(
      `/api/availability/getAvailabilitySpansForTherapists?therapistIds=${tid('therapist4')},${tid('owner2')}`,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data[String(tid('therapist4'))]).toEqual([
      { id: expect.any(Number), span_from: null, span_to: null },
      { id: span!.id, span_from: '2032-01-01', span_to: '2032-06-30' },
    ]);
    // Another practice's therapist: nothing of theirs is read.
    expect(data[String(tid('owner2'))]).toEqual([]);
  });

  it('refuses a therapist-only user naming a colleague, and bad ids', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const own = await therapist.get(
      `/api/availability/getAvailabilitySpansForTherapists?therapistIds=${tid('therapist1')}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().data[String(tid('therapist1'))]).toHaveLength(1);
    const colleague = await therapist.get(
      `/api/availability/getAvailabilitySpansForTherapists?therapistIds=${tid('therapist2')}`,
    );
    expect(colleague.statusCode).toBe(403);
    const bad = await therapist.get(
      '/api/availability/getAvailabilitySpansForTherapists?therapistIds=-4',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/^therapistIds/);
  });
});

describe('GET /api/calendar/changes', () => {
  const versionOf = async (browser: Browser): Promise<number> => {
    const response = await browser.get('/api/calendar/changes');
    expect(response.statusCode).toBe(200);
    return response.json().data.version as number;
  };
  const at = (day: number, hour: number) =>
    new Date(Date.UTC(2032, 2, 7 + day, hour, 0, 0)).toISOString();

  it('bumps on booking, moving, cancelling and attendee changes, only in that practice', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const owner2 = await signedIn(t.app, 'owner2');
    const frontOffice = await signedIn(t.app, 'frontoffice');
    const before = await versionOf(scheduler);
    const otherBefore = await versionOf(owner2);

    const booked = await scheduler.post('/api/calendar/createAppointment', {
      therapistId: tid('therapist1'),
      patientId: ids.margaret,
      practiceLocationId: ids.location,
      isTeletherapy: false,
      eventDateTime: at(0, 15),
      products: [{ productId: ids.product, duration: 60 }],
    });
    expect(booked.statusCode).toBe(201);
    const [eventId] = booked.json().data.calendar_event_ids as number[];
    const afterBooking = await versionOf(scheduler);
    expect(afterBooking).toBeGreaterThan(before);
    // Everyone of the practice reads the same version; the other practice's does not move.
    expect(await versionOf(frontOffice)).toBe(afterBooking);
    expect(await versionOf(owner2)).toBe(otherBefore);

    const moved = await scheduler.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: eventId,
      calendar_event_starttime: at(0, 17),
      calendar_event_endtime: at(0, 18),
      calendar_event_allday: 0,
    });
    expect(moved.statusCode).toBe(200);
    const afterMove = await versionOf(scheduler);
    expect(afterMove).toBeGreaterThan(afterBooking);

    await t.app.db.execute(
      sql`update calendar_event_attendees set checked_in_at = now() where event_id = ${eventId}`,
    );
    const afterCheckIn = await versionOf(scheduler);
    expect(afterCheckIn).toBeGreaterThan(afterMove);

    const cancelled = await scheduler.post('/api/calendar/cancelEvent', {
      id: eventId,
      reason: 'Client is unwell',
      scope: 'this',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await versionOf(scheduler)).toBeGreaterThan(afterCheckIn);
    expect(await versionOf(owner2)).toBe(otherBefore);
  });

  it('serves a repeated window from memory, yet shows a client alert or location colour change at once', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const booked = await scheduler.post('/api/calendar/createAppointment', {
      therapistId: tid('therapist2'),
      patientId: ids.margaret,
      practiceLocationId: ids.location,
      isTeletherapy: false,
      eventDateTime: at(3, 15),
      products: [{ productId: ids.product, duration: 60 }],
    });
    expect(booked.statusCode).toBe(201);
    const [eventId] = booked.json().data.calendar_event_ids as number[];
    const window = `/api/calendar/getTherapistAppointments?therapistIds=${tid('therapist2')}&start=${at(3, 0)}&end=${at(4, 0)}`;
    const eventIn = async () => {
      const response = await scheduler.get(window);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const events = response.json().data as {
        calendar_event_id: number;
        hasAlert: boolean;
        practice_location_color: string;
      }[];
      return events.find((e) => e.calendar_event_id === eventId);
    };
    await t.app.db.execute(sql`update clients set alert = null where id = ${ids.margaret}`);
    expect((await eventIn())?.hasAlert).toBe(false);
    expect((await eventIn())?.hasAlert).toBe(false); // the same window again, from memory

    const alert = await scheduler.post('/api/patient/saveAlert', {
      id: ids.margaret,
      text: 'Prefers a ground-floor room',
    });
    expect(alert.statusCode).toBeLessThan(300);
    expect((await eventIn())?.hasAlert).toBe(true);

    await t.app.db.execute(sql`update locations set color = '#00695C' where id = ${ids.location}`);
    expect((await eventIn())?.practice_location_color).toBe('#00695C');
  });

  it('is 0 for a practice whose calendar never changed', async () => {
    await t.app.db.execute(sql`delete from calendar_versions where practice_id = ${ids.practice2}`);
    const owner2 = await signedIn(t.app, 'owner2');
    expect(await versionOf(owner2)).toBe(0);
  });

  it('does not count as activity when sent as a background request (the 3-second poll)', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const lastSeen = async () =>
      (
        await rowsOf<{ at: string }>(
          t.app.db,
          sql`select max(s.last_seen_at)::text as at from sessions s join users u on u.id = s.user_id
              where u.username = 'scheduler'`,
        )
      )[0]?.at;
    const before = await lastSeen();
    t.clock.advance(60_000);
    const polled = await scheduler.get('/api/calendar/changes', { 'x-background-request': '1' });
    expect(polled.statusCode).toBe(200);
    expect(await lastSeen()).toBe(before);
    await scheduler.get('/api/calendar/changes');
    expect(await lastSeen()).not.toBe(before);
  });

  it.each([
    ['anonymous', null, 401],
    ['a client', 'client1', 403],
    ['support staff outside a practice', 'support', 403],
  ])('refuses %s', async (_who, username, status) => {
    const browser = username ? await signedIn(t.app, username) : new Browser(t.app);
    expect((await browser.get('/api/calendar/changes')).statusCode).toBe(status);
  });
});
