import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Availability changes that collide with booked appointments (issue 15 item
 * 7): a day off or shortened (or removed) weekly hours over booked
 * appointments is refused until confirmed, the refusal names the
 * appointments by time, nothing changes meanwhile, and the editor's warning
 * lists them with their clients (audited). The clock is in 2032, after the
 * demo's calendar; therapist3's hours are set up here: Tuesdays 9–5.
 */

let t: TestApp;
let therapistId: number;
let practice2: number;
let dayId: number;
let mainOffice: number;
const event: Record<string, number> = {};
let clientNames: string[] = [];

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

/** A New York wall-clock time in February 2032 (UTC−5). */
const ny = (day: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h + 5) * 60 + m) * 60_000).toISOString();
};

async function appointment(
  name: string,
  day: string,
  from: string,
  to: string,
  over: { clientId?: number; practiceId?: number; cancelled?: boolean } = {},
) {
  const practiceId =
    over.practiceId ?? (await one(sql`select id from practices order by id limit 1`));
  const id = await one(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, cancelled_at)
        values (${practiceId}, ${therapistId}, 'appointment', ${ny(day, from)}::timestamptz,
                ${ny(day, to)}::timestamptz, ${over.cancelled ? sql`now()` : sql`null`})
        returning id`,
  );
  if (over.clientId) {
    await t.app.db.execute(
      sql`insert into calendar_event_attendees (event_id, client_id) values (${id}, ${over.clientId})`,
    );
  }
  event[name] = id;
}

const put = (browser: Browser, url: string, body: unknown) => browser.request('PUT', url, body);
const del = (browser: Browser, url: string) => browser.request('DELETE', url);

const tuesdayHours = (startTime: string, endTime: string) => ({
  day_id: dayId,
  dayOfWeek: 2,
  practiceLocationId: mainOffice,
  startTime,
  endTime,
  onlineScheduling: false,
  scheduleEvery: 60,
  inPersonEnabled: true,
  teletherapyEnabled: false,
});

type Listed = { calendarEventId: number; title: string; start: string; therapistId: number };

async function preview(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.post('/api/availability/collisions', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { timezone: string; appointments: Listed[]; total: number } }>()
    .data;
}

const storedDay = async () =>
  (
    await rowsOf<{ start: string; end: string }>(
      t.app.db,
      sql`select to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as "end"
          from availability_days where id = ${dayId}`,
    )
  )[0];

const daysOff = () =>
  rowsOf<{ id: number }>(
    t.app.db,
    sql`select id from availability_exceptions
        where therapist_id = ${therapistId} and kind = 'off' and date = '2032-02-03'`,
  );

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  therapistId = await one(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist3'`,
  );
  practice2 = await one(sql`select id from practices order by id offset 1 limit 1`);
  mainOffice = await one(sql`select id from locations where name = 'Main Office'`);
  const clients = await rowsOf<{ id: number; name: string }>(
    t.app.db,
    sql`select id, first_name || ' ' || last_name as name from clients
        where practice_id = (select id from practices order by id limit 1)
          and not is_group and nick_name is null
        order by id limit 2`,
  );
  clientNames = clients.map((c) => c.name);
  const manager = await signedIn(t.app, 'manager');
  expect(
    (await del(manager, `/api/availability/startOver?therapistId=${therapistId}`)).statusCode,
  ).toBe(200);
  const created = await manager.post('/api/availability/createDay', {
    ...tuesdayHours('09:00', '17:00'),
    day_id: undefined,
    therapistId,
  });
  expect(created.statusCode, created.body).toBe(201);
  dayId = created.json<{ data: { day: { day_id: number } } }>().data.day.day_id;

  await appointment('morning', '2032-02-03', '10:00', '11:00', { clientId: clients[0]?.id });
  await appointment('afternoon', '2032-02-03', '15:00', '16:00', { clientId: clients[1]?.id });
  await appointment('nextWeek', '2032-02-10', '15:00', '16:00', { clientId: clients[0]?.id });
  await appointment('wednesday', '2032-02-04', '15:00', '16:00', { clientId: clients[0]?.id });
  await appointment('cancelled', '2032-02-03', '13:00', '14:00', { cancelled: true });
  // Bad data on purpose: another practice's row naming this therapist is still never listed.
  await appointment('otherPractice', '2032-02-03', '11:00', '12:00', { practiceId: practice2 });
});
afterAll(() => t.close());

describe('a day off over booked appointments', () => {
  it('is refused without confirmation, naming the appointments by time only; nothing is saved', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/addException', {
      therapistId,
      date: '2032-02-03',
      kind: 'off',
    });
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json<{ message: string; field: string }>();
    expect(body.field).toBe('confirmCollisions');
    expect(body.message).toBe(
      "This change leaves 2 booked appointments outside the therapist's hours: Tue 02/03/2032 10:00 AM Eastern; Tue 02/03/2032 3:00 PM Eastern. Reschedule them, or confirm to save anyway.",
    );
    for (const name of clientNames) expect(body.message).not.toContain(name);
    expect(await daysOff()).toEqual([]);
  });

  it('lists them for the warning with their clients, never another practice’s or a cancelled one, and audits who was shown', async () => {
    const manager = await signedIn(t.app, 'manager');
    const data = await preview(manager, { change: 'dayOff', therapistId, date: '2032-02-03' });
    expect(data.timezone).toBe('America/New_York');
    expect(data.total).toBe(2);
    expect(data.appointments).toEqual([
      expect.objectContaining({
        calendarEventId: event.morning,
        title: clientNames[0],
        start: ny('2032-02-03', '10:00'),
        therapistId,
        awaitingConfirmation: false,
      }),
      expect.objectContaining({ calendarEventId: event.afternoon, title: clientNames[1] }),
    ]);
    const [audit] = await rowsOf<{ patientIds: number[] | null }>(
      t.app.db,
      sql`select patient_ids as "patientIds" from audit_log
          where action = 'client.availability_collisions_viewed' order by id desc limit 1`,
    );
    expect(audit?.patientIds?.length).toBe(2);
    expect(await daysOff()).toEqual([]);
  });

  it('is saved once confirmed', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/addException', {
      therapistId,
      date: '2032-02-03',
      kind: 'off',
      confirmCollisions: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [saved] = await daysOff();
    expect(saved).toBeDefined();
    // Back as it was for the next section.
    expect(
      (await del(manager, `/api/availability/deleteException?exception_id=${saved?.id}`))
        .statusCode,
    ).toBe(200);
  });

  it('on a day without appointments saves at once', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/addException', {
      therapistId,
      date: '2032-02-17',
      kind: 'off',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('shortening or removing weekly hours over booked appointments', () => {
  it('is refused without confirmation and leaves the hours as they were', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await put(
      manager,
      '/api/availability/updateDay',
      tuesdayHours('09:00', '12:00'),
    );
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json<{ message: string; field: string }>();
    expect(body.field).toBe('confirmCollisions');
    expect(body.message).toContain('2 booked appointments');
    expect(body.message).toContain(
      'Tue 02/03/2032 3:00 PM Eastern; Tue 02/10/2032 3:00 PM Eastern',
    );
    expect(await storedDay()).toEqual({ start: '09:00', end: '17:00' });
  });

  it('lists the afternoons the shorter hours leave out, not the morning they keep', async () => {
    const manager = await signedIn(t.app, 'manager');
    const data = await preview(manager, {
      change: 'dayHours',
      day_id: dayId,
      dayOfWeek: 2,
      startTime: '09:00',
      endTime: '12:00',
    });
    expect(data.appointments.map((a) => a.calendarEventId)).toEqual([
      event.afternoon,
      event.nextWeek,
    ]);
  });

  it('saves longer hours at once, and shorter ones once confirmed', async () => {
    const manager = await signedIn(t.app, 'manager');
    const longer = await put(
      manager,
      '/api/availability/updateDay',
      tuesdayHours('08:00', '18:00'),
    );
    expect(longer.statusCode, longer.body).toBe(200);
    const shorter = await put(manager, '/api/availability/updateDay', {
      ...tuesdayHours('09:00', '12:00'),
      confirmCollisions: true,
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(await storedDay()).toEqual({ start: '09:00', end: '12:00' });
  });

  it('refuses removing the hours until confirmed', async () => {
    const manager = await signedIn(t.app, 'manager');
    const data = await preview(manager, { change: 'removeDay', day_id: dayId });
    expect(data.appointments.map((a) => a.calendarEventId)).toEqual([event.morning]);
    const refused = await del(manager, `/api/availability/deleteDay?day_id=${dayId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await storedDay()).toBeDefined();
    const removed = await del(
      manager,
      `/api/availability/deleteDay?day_id=${dayId}&confirmCollisions=true`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedDay()).toBeUndefined();
  });
});

describe('who may see the warning', () => {
  it('is the editor of those hours: another therapist is refused, another practice finds nothing', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const own = await therapist1.post('/api/availability/collisions', {
      change: 'dayOff',
      therapistId,
      date: '2032-02-03',
    });
    expect(own.statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    const other = await owner2.post('/api/availability/collisions', {
      change: 'dayOff',
      therapistId,
      date: '2032-02-03',
    });
    expect(other.statusCode).toBe(404);
  });

  it('names the field of a bad change', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/collisions', { change: 'nap' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field?: string }>().field).toBe('change');
  });
});
