import { calendarEventTitle } from '@openpractice/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The client's appointments on their chart (issue 15 item 3): what is to come and the history
 * newest first, paged by (start, event id); gated and audited like the rest of the record.
 * And one name for a client on the calendar, in its details dialog and on the chart (item 11).
 */

type Appointment = {
  eventId: number;
  attendeeId: number | null;
  start: string;
  durationMinutes: number;
  therapistName: string;
  service: string | null;
  serviceCode: string | null;
  location: string | null;
  groupName: string | null;
  attendance: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
};
type Page = {
  timezone: string;
  next: Appointment | null;
  upcoming: Appointment[];
  upcomingTotal: number;
  past: Appointment[];
  nextCursor: string | null;
};

/** "Now" for every test: the appointments below sit around it, far from the demo's own. */
const NOW = new Date('2040-06-01T12:00:00.000Z');
const at = (day: string, hour = 14) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;

let t: TestApp;
let manager: Browser;
let ids: {
  practice: number;
  therapist1: number;
  therapist2: number;
  product: number;
  location: number;
  managerUser: number;
};

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

let account = 900_000;
async function newClient(
  firstName: string,
  lastName: string,
  more: { nickName?: string; practiceId?: number } = {},
): Promise<number> {
  account += 1;
  const id = await one(
    sql`insert into clients (practice_id, account_number, first_name, nick_name, last_name)
        values (${more.practiceId ?? ids.practice}, ${account}, ${firstName}, ${more.nickName ?? null}, ${lastName})
        returning id`,
  );
  await t.app.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${ids.therapist1})`,
  );
  return id;
}

type Booking = {
  clientId: number;
  start: string;
  minutes?: number;
  therapistId?: number;
  attended?: boolean | null;
  noShow?: boolean;
  cancelReason?: string;
};

/** An appointment written as the calendar stores it (double booking allowed: times may repeat). */
async function book(b: Booking): Promise<{ eventId: number; attendeeId: number }> {
  const end = new Date(Date.parse(b.start) + (b.minutes ?? 60) * 60_000).toISOString();
  const cancelled = b.cancelReason !== undefined;
  const eventId = await one(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, location_id,
          allow_double_booking, cancelled_at, cancelled_by_user_id, cancel_reason)
        values (${ids.practice}, ${b.therapistId ?? ids.therapist1}, 'appointment', ${b.start}, ${end},
          ${ids.location}, true, ${cancelled ? NOW.toISOString() : null},
          ${cancelled ? ids.managerUser : null}, ${b.cancelReason ?? null})
        returning id`,
  );
  const attendeeId = await one(
    sql`insert into calendar_event_attendees (event_id, client_id, product_id, attended, no_show)
        values (${eventId}, ${b.clientId}, ${ids.product}, ${b.attended ?? null}, ${b.noShow ?? false})
        returning id`,
  );
  return { eventId, attendeeId };
}

const list = (browser: Browser, clientId: number, more = '') =>
  browser.get(`/api/patient/listAppointments?patientId=${clientId}${more}`);

async function page(browser: Browser, clientId: number, more = ''): Promise<Page> {
  const response = await list(browser, clientId, more);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

beforeAll(async () => {
  t = await testApp();
  // Sessions start on the test's clock, so it is set before anyone signs in.
  t.clock.set(NOW);
  manager = await signedIn(t.app, 'manager');
  const practice = await one(sql`select id from practices order by id limit 1`);
  ids = {
    practice,
    therapist1: await one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
    ),
    therapist2: await one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist2'`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice} and cpt_code = '90837'`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice} order by is_default desc, id limit 1`,
    ),
    managerUser: await one(sql`select id from users where username = 'manager'`),
  };
});
afterAll(() => t.close());

describe('a client with appointments behind and ahead', () => {
  let client: number;
  const booked: Record<string, { eventId: number; attendeeId: number }> = {};

  beforeAll(async () => {
    client = await newClient('Ada', 'Chartwell');
    booked.attended = await book({ clientId: client, start: at('2040-05-02'), attended: true });
    booked.missed = await book({ clientId: client, start: at('2040-05-09'), attended: false });
    booked.noShow = await book({
      clientId: client,
      start: at('2040-05-16'),
      attended: false,
      noShow: true,
    });
    booked.unrecorded = await book({ clientId: client, start: at('2040-05-23'), minutes: 45 });
    booked.cancelledPast = await book({
      clientId: client,
      start: at('2040-05-30'),
      cancelReason: 'Weather',
    });
    booked.cancelledNext = await book({
      clientId: client,
      start: at('2040-06-05'),
      cancelReason: 'Client is unwell',
    });
    booked.next = await book({ clientId: client, start: at('2040-06-12') });
    booked.later = await book({ clientId: client, start: at('2040-06-19') });
  });

  it('splits what is to come (soonest first) from the history (newest first)', async () => {
    const answer = await page(manager, client);
    expect(answer.upcoming.map((a) => a.eventId)).toEqual([
      booked.cancelledNext?.eventId,
      booked.next?.eventId,
      booked.later?.eventId,
    ]);
    expect(answer.upcomingTotal).toBe(3);
    expect(answer.past.map((a) => a.eventId)).toEqual([
      booked.cancelledPast?.eventId,
      booked.unrecorded?.eventId,
      booked.noShow?.eventId,
      booked.missed?.eventId,
      booked.attended?.eventId,
    ]);
    expect(answer.nextCursor).toBeNull();
    expect(answer.timezone).toBe('America/New_York');
  });

  it('names as next the first appointment that will take place, not a cancelled one', async () => {
    const answer = await page(manager, client);
    expect(answer.next?.eventId).toBe(booked.next?.eventId);
    expect(answer.next?.start).toBe(at('2040-06-12'));
  });

  it('shows attendance, the cancellation with who and why, the service, therapist and length', async () => {
    const answer = await page(manager, client);
    const byId = new Map([...answer.upcoming, ...answer.past].map((a) => [a.eventId, a] as const));
    const of = (key: string) => byId.get(booked[key]?.eventId ?? 0);
    expect(of('attended')?.attendance).toBe('attended');
    expect(of('missed')?.attendance).toBe('not_attended');
    expect(of('noShow')?.attendance).toBe('no_show');
    expect(of('unrecorded')?.attendance).toBe('unknown');
    expect(of('unrecorded')?.durationMinutes).toBe(45);
    expect(of('cancelledPast')).toMatchObject({
      attendance: null,
      cancelledAt: NOW.toISOString(),
      cancelReason: 'Weather',
      cancelledBy: expect.stringMatching(/\S/) as unknown,
    });
    expect(of('cancelledNext')?.cancelReason).toBe('Client is unwell');
    expect(of('attended')).toMatchObject({
      attendeeId: booked.attended?.attendeeId,
      serviceCode: '90837',
      service: expect.stringMatching(/\S/) as unknown,
      therapistName: expect.stringMatching(/\S/) as unknown,
      location: expect.stringMatching(/\S/) as unknown,
      durationMinutes: 60,
      cancelledAt: null,
      groupName: null,
    });
  });

  it('follows the appointment when it moves: a rescheduled one changes place in the history', async () => {
    await t.app.db.execute(
      sql`update calendar_events set start_at = ${at('2040-04-25')}, end_at = ${at('2040-04-25', 15)}
          where id = ${booked.unrecorded?.eventId ?? 0}`,
    );
    const answer = await page(manager, client);
    expect(answer.past.at(-1)?.eventId).toBe(booked.unrecorded?.eventId);
    await t.app.db.execute(
      sql`update calendar_events set start_at = ${at('2040-05-23')}, end_at = ${at('2040-05-23', 15)}
          where id = ${booked.unrecorded?.eventId ?? 0}`,
    );
  });

  it('writes one audit row naming the client for each page read', async () => {
    await page(manager, client);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, client), eq(auditLog.action, 'client.profile_read')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.actorUserId).toBe(ids.managerUser);
    expect(row?.detail).toMatchObject({ view: 'appointments', page: 'first' });
  });
});

describe('many appointments ahead', () => {
  it('shows the next five, counts them all, and finds the next live one beyond them', async () => {
    const client = await newClient('Cass', 'Aheadly');
    for (const day of ['2040-06-02', '2040-06-03', '2040-06-04', '2040-06-05', '2040-06-06']) {
      await book({ clientId: client, start: at(day), cancelReason: 'Schedule conflict at work' });
    }
    const live = await book({ clientId: client, start: at('2040-06-07') });
    await book({ clientId: client, start: at('2040-06-08') });
    const answer = await page(manager, client);
    expect(answer.upcoming).toHaveLength(5);
    expect(answer.upcoming.every((a) => a.cancelledAt !== null)).toBe(true);
    expect(answer.upcomingTotal).toBe(7);
    expect(answer.next?.eventId).toBe(live.eventId);
  });
});

describe('paging the history', () => {
  let client: number;
  /** Event ids in the order the history must list them: start descending, then id descending. */
  let expected: number[];

  beforeAll(async () => {
    client = await newClient('Pax', 'Keyset');
    const starts = [
      at('2040-03-01'),
      at('2040-03-08'),
      // Three at the same moment (double booked): a page boundary falls among them.
      at('2040-03-15'),
      at('2040-03-15'),
      at('2040-03-15'),
      at('2040-03-22'),
      at('2040-03-29'),
    ];
    const made: { id: number; start: string }[] = [];
    for (const start of starts) {
      const { eventId } = await book({ clientId: client, start });
      made.push({ id: eventId, start });
    }
    expected = made.sort((a, b) => b.start.localeCompare(a.start) || b.id - a.id).map((m) => m.id);
  });

  it('pages are contiguous, with no duplicate or gap across a boundary among equal start times', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const more: string = cursor === null ? '&limit=2' : `&limit=2&cursor=${cursor}`;
      const answer = await page(manager, client, more);
      expect(answer.past.length).toBeLessThanOrEqual(2);
      seen.push(...answer.past.map((a) => a.eventId));
      if (cursor !== null) expect(answer.upcoming).toEqual([]);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(7);
    expect(pages).toBe(4);
  });

  it('refuses a cursor it did not give, naming the field', async () => {
    for (const bad of ['abc', '1.0', '12.99999999999', '1.2.3']) {
      const response = await list(manager, client, `&cursor=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ field?: string }>().field).toBe('cursor');
    }
    const tooMany = await list(manager, client, '&limit=51');
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('who sees them', () => {
  let client: number;
  let ownEvent: number;

  beforeAll(async () => {
    client = await newClient('Wren', 'Gatekeeper');
    ({ eventId: ownEvent } = await book({ clientId: client, start: at('2040-05-03') }));
    await book({ clientId: client, start: at('2040-05-04'), therapistId: ids.therapist2 });
  });

  it("another practice's client is not found, and nothing of it is told", async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const response = await list(owner2, client);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Gatekeeper');
    expect(response.body).not.toContain(String(ownEvent));
  });

  it('a staff administrator alone (no details, scheduling or billing access) is refused', async () => {
    const staffAdmin = await signedIn(t.app, 'staffadmin');
    const response = await list(staffAdmin, client);
    expect(response.statusCode).toBe(403);
    const [denied] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, client), eq(auditLog.action, 'client.denied')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(denied).toBeDefined();
  });

  it('a therapist-only caller sees their own appointments with the client, as on the calendar', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const answer = await page(therapist1, client);
    expect(answer.past.map((a) => a.eventId)).toEqual([ownEvent]);
    const biller = await signedIn(t.app, 'biller');
    expect((await page(biller, client)).past).toHaveLength(2);
  });
});

describe("a group's sessions", () => {
  it("lists a group's own sessions on its record, and a member's under the group's name", async () => {
    const group = await newClient('Thursday Grief', 'Group');
    await t.app.db.execute(sql`update clients set is_group = true where id = ${group}`);
    const member = await newClient('Gil', 'Member');
    const eventId = await one(
      sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, group_client_id, allow_double_booking)
          values (${ids.practice}, ${ids.therapist1}, 'appointment', ${at('2040-05-10')}, ${at('2040-05-10', 15)}, ${group}, true)
          returning id`,
    );
    await t.app.db.execute(
      sql`insert into calendar_event_attendees (event_id, client_id, attended) values (${eventId}, ${member}, true)`,
    );
    const own = await page(manager, group);
    expect(own.past).toMatchObject([
      { eventId, attendeeId: null, attendance: null, groupName: 'Thursday Grief Group' },
    ]);
    const members = await page(manager, member);
    expect(members.past).toMatchObject([
      { eventId, attendance: 'attended', groupName: 'Thursday Grief Group' },
    ]);
  });
});

describe('one name for a client (item 11)', () => {
  it('the calendar title and the details dialog both use the name the client goes by', async () => {
    const client = await newClient('Robert', 'Nameway', { nickName: 'Bob' });
    const { eventId, attendeeId } = await book({ clientId: client, start: at('2040-07-02') });
    const window = await manager.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${ids.therapist1}&start=2040-07-01&end=2040-07-03`,
    );
    expect(window.statusCode, window.body).toBe(200);
    const event = window
      .json<{ data: Parameters<typeof calendarEventTitle>[0][] }>()
      .data.find((e) => (e as { calendar_event_id?: number }).calendar_event_id === eventId);
    expect(event).toMatchObject({ patient_nick_name: 'Bob' });
    const details = await manager.get(
      `/api/patientRecord/getAppointmentDetails/${eventId}/${attendeeId}`,
    );
    expect(details.statusCode, details.body).toBe(200);
    const [attendee] = details.json<{ data: { attendees: { fullName: string }[] } }>().data
      .attendees;
    expect(attendee?.fullName).toBe('Bob Nameway');
    expect(calendarEventTitle(event ?? {})).toBe(attendee?.fullName);
  });
});
