import { instantOfZonedDateTime } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  availabilityDays,
  availabilityExceptions,
  availabilitySpans,
  calendarEvents,
  externalCalendarEvents,
  externalCalendars,
  locations,
} from '../src/db/schema/index.ts';
import {
  findOpenSlots,
  type OpenSlotQuery,
} from '../src/modules/calendar/find-appointment/open-slots.ts';
import type { FoundAvailability } from '../src/modules/calendar/find-appointment/service.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Open slots (issue 6, find an appointment) against the real database: the
 * slot arithmetic over stored availability, bookings and outside busy time,
 * and POST /api/availability/findAvailabilityV2.
 *
 * Everything happens in March–April 2032, long after the seeded calendar
 * (around the real today), so only this file's bookings are in the way.
 * therapist5's weekly availability is replaced by a known one:
 *   Monday 09:00–12:00 at the main office, every 30 minutes, in person only, online;
 *   Tuesday 13:00–15:00 with no location, hourly, telehealth only, not online;
 *   Sunday 09:00–17:00 at the main office, hourly, both, online (for the clock change).
 * therapist4 keeps the demo's Monday–Friday 09:00–17:00, hourly, both.
 */

const NY = 'America/New_York';
const START_CLOCK = new Date('2032-03-01T12:00:00Z');

let t: TestApp;
let p1: number;
let p2: number;
let mainOffice: number;
let annex: number;
let closedOffice: number;
let ids: Record<string, number>;
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = await signedIn(t.app, username);
    browsers.set(username, browser);
  }
  return browser;
}

/** The instant New York clocks show 'YYYY-MM-DDTHH:mm'. */
const ny = (value: string) => {
  const at = instantOfZonedDateTime(value, NY);
  if (!at) throw new Error(`not a New York time: ${value}`);
  return at;
};
const nyDate = (value: string) => new Date(ny(value));

/** The New York clock times of slots ('09:30'), for readable expectations. */
const clocks = (slots: readonly { start: string }[]) =>
  slots.map((s) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: NY,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(s.start)),
  );

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

/** therapist5's open slots on one New York day (or a given window). */
function slotsOf(day: string, over: Partial<OpenSlotQuery> = {}) {
  return findOpenSlots(t.app.db, {
    practiceId: p1,
    therapistIds: [ids.therapist5 ?? 0],
    mode: 'any',
    durationMinutes: 60,
    from: nyDate(`${day}T00:00`),
    to: new Date(nyDate(`${day}T00:00`).getTime() + 86_400_000),
    onlineOnly: false,
    now: START_CLOCK,
    ...over,
  });
}

async function book(
  therapist: string,
  start: string,
  end: string,
  over: Partial<typeof calendarEvents.$inferInsert> = {},
) {
  await t.app.db.insert(calendarEvents).values({
    practiceId: p1,
    therapistId: ids[therapist] ?? 0,
    type: 'appointment',
    startAt: nyDate(start),
    endAt: nyDate(end),
    ...over,
  });
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(START_CLOCK);
  p1 = await one(sql`select id from practices order by id limit 1`);
  p2 = await one(sql`select id from practices order by id offset 1 limit 1`);
  const rows = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  mainOffice = await one(
    sql`select id from locations where practice_id = ${p1} order by is_default desc, id limit 1`,
  );
  const [a, c] = await t.app.db
    .insert(locations)
    .values([
      { practiceId: p1, name: 'Annex', color: '#00695C' },
      { practiceId: p1, name: 'Closed office', color: '#6A1B9A', active: false },
    ])
    .returning({ id: locations.id });
  annex = a?.id ?? 0;
  closedOffice = c?.id ?? 0;

  await t.app.db.execute(
    sql`delete from availability_spans where therapist_id = ${ids.therapist5 ?? 0}`,
  );
  const [span] = await t.app.db
    .insert(availabilitySpans)
    .values({ practiceId: p1, therapistId: ids.therapist5 ?? 0 })
    .returning({ id: availabilitySpans.id });
  const day = {
    spanId: span?.id ?? 0,
    onlineScheduling: true,
    inPersonEnabled: true,
    teletherapyEnabled: true,
  };
  await t.app.db.insert(availabilityDays).values([
    {
      ...day,
      dayOfWeek: 1,
      locationId: mainOffice,
      startTime: '09:00',
      endTime: '12:00',
      scheduleEvery: 30,
      teletherapyEnabled: false,
    },
    {
      ...day,
      dayOfWeek: 2,
      locationId: null,
      startTime: '13:00',
      endTime: '15:00',
      scheduleEvery: 60,
      inPersonEnabled: false,
      onlineScheduling: false,
    },
    {
      ...day,
      dayOfWeek: 0,
      locationId: mainOffice,
      startTime: '09:00',
      endTime: '17:00',
      scheduleEvery: 60,
    },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('findOpenSlots', () => {
  it('steps a weekly block by its schedule-every, each slot fitting wholly inside it', async () => {
    const slots = await slotsOf('2032-03-15');
    expect(clocks(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(slots[0]).toEqual({
      therapistId: ids.therapist5,
      start: '2032-03-15T13:00:00.000Z',
      end: '2032-03-15T14:00:00.000Z',
      locationId: mainOffice,
      inPerson: true,
      telehealth: false,
    });
    expect(clocks(await slotsOf('2032-03-15', { durationMinutes: 105 }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
    ]);
    expect(await slotsOf('2032-03-17')).toEqual([]);
  });

  it('a live appointment takes the slots it meets; cancelled ones and holidays do not', async () => {
    await book('therapist5', '2032-03-22T10:00', '2032-03-22T10:45');
    await book('therapist5', '2032-03-22T09:00', '2032-03-22T10:00', {
      cancelledAt: nyDate('2032-03-20T09:00'),
    });
    await book('therapist5', '2032-03-22T11:00', '2032-03-22T12:00', { type: 'holiday' });
    expect(clocks(await slotsOf('2032-03-22'))).toEqual(['09:00', '11:00']);
  });

  it('meetings, out-of-office blocks and double-booked appointments take their time too', async () => {
    await book('therapist5', '2032-03-29T09:00', '2032-03-29T09:30', { type: 'meeting' });
    await book('therapist5', '2032-03-29T11:30', '2032-03-29T12:00', {
      allowDoubleBooking: true,
    });
    expect(clocks(await slotsOf('2032-03-29'))).toEqual(['09:30', '10:00', '10:30']);
    await book('therapist5', '2032-03-30T00:00', '2032-03-31T00:00', {
      type: 'out_of_office',
      allDay: true,
    });
    expect(await slotsOf('2032-03-30')).toEqual([]);
  });

  it('busy time on an outside calendar takes its slots, all-day events the whole day', async () => {
    const [calendar] = await t.app.db
      .insert(externalCalendars)
      .values({
        practiceId: p1,
        therapistId: ids.therapist5 ?? 0,
        calendarKey: 'personal',
        name: 'Personal',
        url: 'https://calendar.example.com/personal.ics',
        color: '#6A1B9A',
      })
      .returning({ id: externalCalendars.id });
    const external = {
      calendarId: calendar?.id ?? 0,
      practiceId: p1,
      therapistId: ids.therapist5 ?? 0,
    };
    await t.app.db.insert(externalCalendarEvents).values([
      {
        ...external,
        uid: 'dentist',
        title: 'Dentist',
        startAt: nyDate('2032-04-05T09:45'),
        endAt: nyDate('2032-04-05T10:15'),
      },
      {
        ...external,
        uid: 'trip',
        title: 'Trip',
        startAt: nyDate('2032-04-06T00:00'),
        endAt: nyDate('2032-04-07T00:00'),
        allDay: true,
      },
    ]);
    expect(clocks(await slotsOf('2032-04-05'))).toEqual(['10:30', '11:00']);
    expect(await slotsOf('2032-04-06')).toEqual([]);
    // The trip is therapist5's: therapist4's Tuesday is untouched.
    const other = await slotsOf('2032-04-06', { therapistIds: [ids.therapist4 ?? 0] });
    expect(clocks(other)).toHaveLength(8);
  });

  it('another therapist’s bookings leave the slots open; each therapist’s own take theirs', async () => {
    await book('therapist4', '2032-04-12T09:00', '2032-04-12T12:00', { type: 'meeting' });
    const slots = await slotsOf('2032-04-12', {
      therapistIds: [ids.therapist4 ?? 0, ids.therapist5 ?? 0],
    });
    const of = (therapist: string) => clocks(slots.filter((s) => s.therapistId === ids[therapist]));
    expect(of('therapist5')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(of('therapist4')).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    // Sorted by start, then therapist.
    const starts = slots.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('keeps to in-person or telehealth days, and to online days for public booking', async () => {
    const week = {
      from: nyDate('2032-03-15T00:00'),
      to: nyDate('2032-03-17T00:00'),
    };
    const any = await slotsOf('2032-03-15', week);
    expect(any).toHaveLength(7);
    const telehealth = await slotsOf('2032-03-15', { ...week, mode: 'telehealth' });
    expect(clocks(telehealth)).toEqual(['13:00', '14:00']);
    expect(telehealth.every((s) => s.telehealth && !s.inPerson && s.locationId === null)).toBe(
      true,
    );
    const inPerson = await slotsOf('2032-03-15', { ...week, mode: 'inPerson' });
    expect(inPerson).toHaveLength(5);
    expect(inPerson.every((s) => s.inPerson && !s.telehealth)).toBe(true);
    const online = await slotsOf('2032-03-15', { ...week, onlineOnly: true });
    expect(online).toEqual(inPerson);
  });

  it('keeps to the chosen locations (a day with no location serves any)', async () => {
    const week = { from: nyDate('2032-03-15T00:00'), to: nyDate('2032-03-17T00:00') };
    const annexOnly = await slotsOf('2032-03-15', { ...week, locationIds: [annex] });
    expect(clocks(annexOnly)).toEqual(['13:00', '14:00']);
    const main = await slotsOf('2032-03-15', { ...week, locationIds: [mainOffice, annex] });
    expect(main).toHaveLength(7);
  });

  it('never offers the past, and keeps to the window', async () => {
    const later = await slotsOf('2032-03-15', { now: nyDate('2032-03-15T10:10') });
    expect(clocks(later)).toEqual(['10:30', '11:00']);
    const atStart = await slotsOf('2032-03-15', { now: nyDate('2032-03-15T10:00') });
    expect(clocks(atStart)).toEqual(['10:00', '10:30', '11:00']);
    const window = await slotsOf('2032-03-15', {
      from: nyDate('2032-03-15T10:00'),
      to: nyDate('2032-03-15T11:00'),
    });
    expect(clocks(window)).toEqual(['10:00', '10:30']);
    expect(
      await slotsOf('2032-03-15', {
        from: nyDate('2032-03-15T11:00'),
        to: nyDate('2032-03-15T10:00'),
      }),
    ).toEqual([]);
  });

  it('a day off takes the day away; extra hours on a date add their own slots', async () => {
    await t.app.db.insert(availabilityExceptions).values([
      { practiceId: p1, therapistId: ids.therapist5 ?? 0, date: '2032-04-26', kind: 'off' },
      {
        practiceId: p1,
        therapistId: ids.therapist5 ?? 0,
        // A Thursday, when therapist5 has no weekly hours.
        date: '2032-04-22',
        kind: 'extra',
        locationId: annex,
        startTime: '13:00',
        endTime: '14:30',
        scheduleEvery: 30,
        inPersonEnabled: true,
        teletherapyEnabled: false,
      },
    ]);
    expect(await slotsOf('2032-04-26')).toEqual([]);
    const extra = await slotsOf('2032-04-22');
    expect(clocks(extra)).toEqual(['13:00', '13:30']);
    expect(extra.every((s) => s.locationId === annex)).toBe(true);
  });

  it('a Sunday the clocks go forward keeps New York hours (9 to 5 is eight slots)', async () => {
    const before = await slotsOf('2032-03-07');
    const change = await slotsOf('2032-03-14');
    expect(clocks(before)).toEqual(clocks(change));
    expect(change).toHaveLength(8);
    expect(before[0]?.start).toBe('2032-03-07T14:00:00.000Z');
    expect(change[0]?.start).toBe('2032-03-14T13:00:00.000Z');
    // A window of the whole week across the change holds both Sundays' days intact.
    const fortnight = await slotsOf('2032-03-08', {
      from: nyDate('2032-03-08T00:00'),
      to: nyDate('2032-03-15T00:00'),
      mode: 'inPerson',
    });
    expect(fortnight.filter((s) => s.start.startsWith('2032-03-14'))).toHaveLength(8);
  });

  it('gives nothing for another practice, an empty list or an empty window', async () => {
    expect(await slotsOf('2032-03-15', { practiceId: p2 })).toEqual([]);
    expect(await slotsOf('2032-03-15', { therapistIds: [] })).toEqual([]);
    expect(await slotsOf('2032-03-15', { to: nyDate('2032-03-15T00:00') })).toEqual([]);
    expect(await slotsOf('2032-03-15', { now: nyDate('2032-03-16T00:00') })).toEqual([]);
  });
});

describe('POST /api/availability/findAvailabilityV2', () => {
  const find = async (username: string, body: Record<string, unknown>) =>
    (await as(username)).post('/api/availability/findAvailabilityV2', {
      therapistIds: [ids.therapist5],
      duration: 60,
      calendarInfo: { start: '2032-03-15', end: '2032-03-22' },
      ...body,
    });

  it('groups the open slots by day, then therapist, with names', async () => {
    const response = await find('scheduler', {
      therapistIds: [ids.therapist5, ids.therapist4],
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: FoundAvailability }>().data;
    expect(data.timezone).toBe(NY);
    expect(data.rangeTooLong).toBe(false);
    expect(data.selectedTherapists.map((s) => s.name)).toEqual([
      'Hannah Lindqvist',
      'Samuel Ortiz',
    ]);
    expect(data.days.map((d) => d.date)).toEqual([
      '2032-03-15',
      '2032-03-16',
      '2032-03-17',
      '2032-03-18',
      '2032-03-19',
      '2032-03-21',
    ]);
    const monday = data.days[0];
    expect(monday?.therapists.map((g) => g.therapistName)).toEqual([
      'Hannah Lindqvist',
      'Samuel Ortiz',
    ]);
    expect(monday?.therapists[0]?.slots[0]).toEqual({
      start: '2032-03-15T13:00:00.000Z',
      end: '2032-03-15T14:00:00.000Z',
      locationId: mainOffice,
      locationName: expect.any(String),
      inPerson: true,
      telehealth: false,
    });
    expect(data.locations.map((l) => l.id)).toContain(mainOffice);
    // Monday 5 + 8, Tuesday 2 + 8, Wednesday to Friday 8 each, Sunday 8 (therapist5 only).
    expect(data.slotCount).toBe(13 + 10 + 24 + 8);
  });

  it('a booked slot disappears from the next lookup', async () => {
    const body = {
      therapistIds: [ids.therapist4],
      calendarInfo: { start: '2032-04-19', end: '2032-04-20' },
    };
    const before = (await find('scheduler', body)).json<{ data: FoundAvailability }>().data;
    const first = before.days[0]?.therapists[0]?.slots[0];
    expect(first?.start).toBe(ny('2032-04-19T09:00'));
    const client = await one(
      sql`select c.id from clients c where c.practice_id = ${p1} and not c.is_group
          and c.merged_into_id is null order by c.id limit 1`,
    );
    const booked = await (
      await as('scheduler')
    ).post('/api/calendar/createAppointment', {
      therapistId: ids.therapist4,
      patientId: client,
      practiceLocationId: first?.locationId,
      eventDateTime: first?.start,
      duration: 60,
    });
    expect(booked.statusCode).toBe(201);
    const after = (await find('scheduler', body)).json<{ data: FoundAvailability }>().data;
    expect(after.slotCount).toBe(before.slotCount - 1);
    expect(after.days[0]?.therapists[0]?.slots.map((s) => s.start)).not.toContain(first?.start);
  });

  it('filters by mode and location', async () => {
    const tele = (await find('manager', { mode: 'telehealth' })).json<{
      data: FoundAvailability;
    }>().data;
    expect(tele.days.map((d) => d.date)).toEqual(['2032-03-16', '2032-03-21']);
    const annexOnly = (await find('manager', { locationIds: [annex] })).json<{
      data: FoundAvailability;
    }>().data;
    expect(annexOnly.days.map((d) => d.date)).toEqual(['2032-03-16']);
    expect(annexOnly.locations).toEqual([{ id: annex, name: 'Annex' }]);
  });

  it('offers a slot at an inactive location only by telehealth', async () => {
    await t.app.db.insert(availabilityDays).values({
      spanId: await one(
        sql`select id from availability_spans where therapist_id = ${ids.therapist5 ?? 0}`,
      ),
      dayOfWeek: 6,
      locationId: closedOffice,
      startTime: '09:00',
      endTime: '11:00',
      scheduleEvery: 60,
      inPersonEnabled: true,
      teletherapyEnabled: false,
    });
    const saturday = { calendarInfo: { start: '2032-03-20', end: '2032-03-21' } };
    const closed = (await find('owner', saturday)).json<{ data: FoundAvailability }>().data;
    expect(closed.slotCount).toBe(0);
    await t.app.db.execute(
      sql`update availability_days set teletherapy_enabled = true where location_id = ${closedOffice}`,
    );
    const tele = (await find('owner', saturday)).json<{ data: FoundAvailability }>().data;
    expect(tele.slotCount).toBe(2);
    expect(tele.days[0]?.therapists[0]?.slots[0]).toMatchObject({
      locationId: closedOffice,
      locationName: 'Closed office',
      inPerson: false,
      telehealth: true,
    });
  });

  it('offers telehealth only with a therapist who may hold it', async () => {
    // therapist3 has telehealth off (demo seed), though the demo days allow it.
    const week = { therapistIds: [ids.therapist3] };
    const tele = (await find('scheduler', { ...week, mode: 'telehealth' })).json<{
      data: FoundAvailability;
    }>().data;
    expect(tele.slotCount).toBe(0);
    const any = (await find('scheduler', week)).json<{ data: FoundAvailability }>().data;
    expect(any.slotCount).toBe(40);
    const slots = any.days.flatMap((d) => d.therapists.flatMap((g) => g.slots));
    expect(slots.every((s) => s.inPerson && !s.telehealth)).toBe(true);
  });

  it('answers nothing, flagged, for more than 7 days (spec-1 §9)', async () => {
    const response = await find('scheduler', {
      calendarInfo: { start: '2032-03-15', end: '2032-03-23' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: FoundAvailability }>().data;
    expect(data.rangeTooLong).toBe(true);
    expect(data.days).toEqual([]);
    expect(data.slotCount).toBe(0);
  });

  it('400 for bad input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ therapistIds: [] }, /at least one therapist/],
      [{ therapistIds: Array.from({ length: 17 }, (_, i) => i + 1) }, /at most 16 therapists/],
      [{ duration: 50 }, /15 to 105 minutes/],
      [{ duration: 120 }, /15 to 105 minutes/],
      [{ duration: '60' }, /duration/],
      [{ mode: 'phone' }, /mode/],
      [{ calendarInfo: { start: '2032-03-15' } }, /calendarInfo/],
      [{ calendarInfo: { start: '15/03/2032', end: '2032-03-22' } }, /calendarInfo/],
      [{ calendarInfo: { start: '2032-03-22', end: '2032-03-15' } }, /must not be before/],
    ];
    for (const [body, message] of cases) {
      const response = await find('scheduler', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('400 for an inactive therapist', async () => {
    await t.app.db.execute(
      sql`update therapists set active = false where id = ${ids.therapist3 ?? 0}`,
    );
    try {
      const response = await find('scheduler', { therapistIds: [ids.therapist3] });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'Choose an active therapist of this practice.',
      );
    } finally {
      await t.app.db.execute(
        sql`update therapists set active = true where id = ${ids.therapist3 ?? 0}`,
      );
    }
  });

  it('404 for another practice’s therapist or location, or one that does not exist', async () => {
    for (const body of [
      { therapistIds: [ids.owner2] },
      { therapistIds: [ids.therapist5, 999_999] },
      { locationIds: [await one(sql`select id from locations where practice_id = ${p2} limit 1`)] },
      { locationIds: [999_999] },
    ]) {
      const response = await find('scheduler', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    // The second practice's owner sees its own therapist only.
    const own = await find('owner2', { therapistIds: [ids.therapist5] });
    expect(own.statusCode).toBe(404);
  });

  it('a therapist looks in their own calendar only', async () => {
    const own = await find('therapist5', {});
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: FoundAvailability }>().data.slotCount).toBeGreaterThan(0);
    const other = await find('therapist5', { therapistIds: [ids.therapist4] });
    expect(other.statusCode).toBe(403);
  });

  it('403 for roles without scheduling; 401 signed out; CSRF required', async () => {
    for (const username of ['biller', 'frontoffice', 'staffadmin', 'client1']) {
      const response = await find(username, {});
      expect(response.statusCode, username).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/availability/findAvailabilityV2',
      payload: { therapistIds: [ids.therapist5], duration: 60, calendarInfo: {} },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const noCsrf = await (
      await as('scheduler')
    ).post(
      '/api/availability/findAvailabilityV2',
      {
        therapistIds: [ids.therapist5],
        duration: 60,
        calendarInfo: { start: '2032-03-15', end: '2032-03-22' },
      },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});
