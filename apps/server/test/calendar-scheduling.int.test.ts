import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  calendarEvents,
  clients,
  clientTherapists,
  externalCalendarEvents,
  externalCalendars,
  locations,
  practiceSettings,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

const OWN_CALENDAR_ONLY = 'You can see and change only your own calendar.';

let t: TestApp;
let p1: number;
let p2: number;
let ids: {
  therapist: Record<string, number>;
  ivy: number;
  jon: number;
  group: number;
  product: Record<string, number>;
  otherClient: number;
};
const browsers = new Map<string, Browser>();

/** One signed-in browser per demo user, shared by the tests of this file. */
async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = await signedIn(t.app, username);
    browsers.set(username, browser);
  }
  return browser;
}

/** Moves the app's clock; sessions end across such jumps, so everyone signs in again. */
function setClock(to: Date): void {
  t.clock.set(to);
  browsers.clear();
}

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

beforeAll(async () => {
  t = await testApp();
  // Everything below happens long after the seeded calendar (which is around the real today).
  setClock(new Date('2032-01-05T12:00:00Z'));
  p1 = await one(sql`select id from practices order by id limit 1`);
  p2 = await one(sql`select id from practices order by id offset 1 limit 1`);
  const therapists = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  const products = await rowsOf<{ cpt: string; id: number }>(
    t.app.db,
    sql`select cpt_code as cpt, id from products where practice_id = ${p1}`,
  );
  // Two clients with no history at all, so every rule starts from a known state.
  const [ivy, jon] = await t.app.db
    .insert(clients)
    .values([
      { practiceId: p1, accountNumber: 990001, firstName: 'Ivy', lastName: 'Testwell' },
      {
        practiceId: p1,
        accountNumber: 990002,
        firstName: 'Jonathan',
        nickName: 'Jon',
        lastName: 'Plannerly',
      },
    ])
    .returning({ id: clients.id });
  const therapist = Object.fromEntries(therapists.map((r) => [r.username, r.id]));
  await t.app.db.insert(clientTherapists).values([
    { clientId: ivy?.id ?? 0, therapistId: therapist.therapist2 ?? 0, status: 'ACTIVE' },
    { clientId: jon?.id ?? 0, therapistId: therapist.therapist2 ?? 0, status: 'INACTIVE' },
  ]);
  ids = {
    therapist,
    ivy: ivy?.id ?? 0,
    jon: jon?.id ?? 0,
    group: await one(sql`select id from clients where practice_id = ${p1} and is_group limit 1`),
    product: Object.fromEntries(products.map((r) => [r.cpt, r.id])),
    otherClient: await one(sql`select id from clients where practice_id = ${p2} limit 1`),
  };
});
afterAll(() => t.close());

const tid = (username: string): number => ids.therapist[username] ?? 0;
const pid = (cpt: string): number => ids.product[cpt] ?? 0;

/** Mondays in March 2032 (EST, UTC-5, until the 14th): 9:00 AM practice time is 14:00Z. */
const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2032, 2, day, hour, minute, 0)).toISOString();

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

const productsUrl = (params: Record<string, string | number>) =>
  `/api/availability/findProductsForSchedulingRequest?${query(params)}`;
const conflictsUrl = (params: Record<string, string | number>) =>
  `/api/availability/countConflicts?${query(params)}`;

async function book(browser: Browser, over: Record<string, unknown>) {
  const response = await browser.post('/api/calendar/createAppointment', {
    therapistId: tid('therapist1'),
    patientId: ids.ivy,
    practiceLocationId: null,
    isTeletherapy: false,
    eventDateTime: at(1, 14),
    products: [{ productId: pid('90837') }],
    ...over,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.calendar_event_ids[0] as number;
}

type Option = {
  duration: number;
  products: { productId: number; cptCode: string }[];
  is_telehealth: boolean;
  telehealth_pos: string | null;
  find_type: string | null;
  selected: boolean;
};

async function lookup(browser: Browser, params: Record<string, string | number>) {
  const response = await browser.get(productsUrl(params));
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    products: Option[];
    isTherapistForClient: boolean;
    client: { id: number; displayName: string; isGroup: boolean };
    nextAppointment: {
      calendar_event_id: number;
      start_date_time: string;
      therapistId: number;
      warnings: string[];
    } | null;
  };
  const selected = data.products.filter((o) => o.selected);
  return { ...data, selected };
}

describe('GET /api/availability/findProductsForSchedulingRequest', () => {
  it("suggests the practice's default product when nothing else applies, and lists individual products only", async () => {
    const scheduler = await as('scheduler');
    const result = await lookup(scheduler, {
      duration: 60,
      therapistId: tid('therapist2'),
      clientId: ids.ivy,
      start: at(1, 15),
    });
    const cpts = result.products.map((o) => o.products[0]?.cptCode);
    expect(cpts).toEqual(['90791', '90832', '90834', '90837', '90846', '90847']);
    expect(result.selected).toHaveLength(1);
    expect(result.selected[0]).toMatchObject({
      find_type: 'default_product',
      duration: 45,
      products: [{ productId: pid('90834'), cptCode: '90834' }],
      is_telehealth: false,
      telehealth_pos: null,
    });
    expect(result.products.filter((o) => o.find_type !== null)).toHaveLength(1);
    expect(result.isTherapistForClient).toBe(true);
    expect(result.nextAppointment).toBeNull();
    expect(result.client).toEqual({ id: ids.ivy, displayName: 'Ivy Testwell', isGroup: false });
  });

  it("prefers the therapist's primary CPT code; an inactive link is not 'therapist for client'", async () => {
    const scheduler = await as('scheduler');
    const withPrimary = await lookup(scheduler, {
      duration: 60,
      therapistId: tid('therapist1'),
      clientId: ids.jon,
      start: at(1, 15),
    });
    expect(withPrimary.selected).toMatchObject([
      { find_type: 'primary_cpt', duration: 60, products: [{ cptCode: '90837' }] },
    ]);
    expect(withPrimary.isTherapistForClient).toBe(false);
    expect(withPrimary.client.displayName).toBe('Jon Plannerly');
    const inactiveLink = await lookup(scheduler, {
      duration: 60,
      therapistId: tid('therapist2'),
      clientId: ids.jon,
      start: at(1, 15),
    });
    expect(inactiveLink.isTherapistForClient).toBe(false);
  });

  it("takes the last live appointment's product, length and telehealth; ignores later and cancelled ones", async () => {
    const scheduler = await as('scheduler');
    const eventId = await book(scheduler, {
      patientId: ids.jon,
      eventDateTime: at(1, 14),
      isTeletherapy: true,
      teletherapyPos: '10',
      products: [{ productId: pid('90832'), duration: 30 }],
    });
    const params = { duration: 60, therapistId: tid('therapist1'), clientId: ids.jon };
    const after = await lookup(scheduler, { ...params, start: at(8, 14) });
    expect(after.selected).toMatchObject([
      {
        find_type: 'last_appointment',
        duration: 30,
        is_telehealth: true,
        telehealth_pos: '10',
        products: [{ productId: pid('90832') }],
      },
    ]);
    // Only appointments before the requested start count.
    const before = await lookup(scheduler, { ...params, start: at(1, 13) });
    expect(before.selected).toMatchObject([{ find_type: 'primary_cpt' }]);
    // With another therapist the last appointment does not count.
    const other = await lookup(scheduler, {
      ...params,
      therapistId: tid('therapist2'),
      start: at(8, 14),
    });
    expect(other.selected).toMatchObject([{ find_type: 'default_product' }]);

    const cancelled = await scheduler.post('/api/calendar/cancelEvent', {
      id: eventId,
      reason: 'test',
    });
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = await lookup(scheduler, { ...params, start: at(8, 14) });
    expect(afterCancel.selected).toMatchObject([{ find_type: 'primary_cpt' }]);
  });

  it('falls through when the last product is no longer active', async () => {
    const scheduler = await as('scheduler');
    await book(scheduler, {
      eventDateTime: at(2, 14),
      products: [{ productId: pid('90846') }],
      therapistId: tid('therapist2'),
    });
    await t.app.db.execute(sql`update products set active = false where id = ${pid('90846')}`);
    try {
      const result = await lookup(scheduler, {
        duration: 60,
        therapistId: tid('therapist2'),
        clientId: ids.ivy,
        start: at(9, 14),
      });
      expect(result.products.map((o) => o.products[0]?.cptCode)).not.toContain('90846');
      expect(result.selected).toMatchObject([{ find_type: 'default_product' }]);
    } finally {
      await t.app.db.execute(sql`update products set active = true where id = ${pid('90846')}`);
    }
    const reactivated = await lookup(scheduler, {
      duration: 60,
      therapistId: tid('therapist2'),
      clientId: ids.ivy,
      start: at(9, 14),
    });
    expect(reactivated.selected).toMatchObject([
      { find_type: 'last_appointment', duration: 50, products: [{ cptCode: '90846' }] },
    ]);
  });

  it('offers a group only group products and selects none when no rule applies', async () => {
    const scheduler = await as('scheduler');
    const result = await lookup(scheduler, {
      duration: 90,
      therapistId: tid('therapist2'),
      clientId: ids.group,
      start: at(1, 15),
    });
    expect(result.products.map((o) => o.products[0]?.cptCode)).toEqual(['90853']);
    expect(result.selected).toEqual([]);
    expect(result.products[0]).toMatchObject({ find_type: null, duration: 90 });
    expect(result.client.isGroup).toBe(true);
  });

  it('names the next appointment after now, with warnings about the day and the therapist', async () => {
    // After Ivy's appointment of 2 March (booked above).
    setClock(new Date(at(10, 12)));
    const scheduler = await as('scheduler');
    const first = await book(scheduler, {
      patientId: ids.ivy,
      therapistId: tid('therapist1'),
      eventDateTime: at(15, 14),
    });
    // A later one is not the next.
    await book(scheduler, {
      patientId: ids.ivy,
      therapistId: tid('therapist1'),
      eventDateTime: at(22, 14),
    });
    const params = { duration: 60, therapistId: tid('therapist2'), clientId: ids.ivy };

    const sameDay = await lookup(scheduler, { ...params, start: at(15, 18) });
    // 15 March 2032 is after the clock change: 14:00Z is 10:00 AM EDT.
    expect(sameDay.nextAppointment).toEqual({
      calendar_event_id: first,
      start_date_time: at(15, 14),
      end_date_time: at(15, 15),
      therapistId: tid('therapist1'),
      warnings: [
        'The client already has an appointment that day (Mon 3/15/2032 10:00 AM).',
        "The client's next appointment is with Theresa Quinn.",
      ],
    });
    const overlapping = await lookup(scheduler, {
      ...params,
      therapistId: tid('therapist1'),
      start: at(15, 14, 30),
    });
    expect(overlapping.nextAppointment?.warnings).toEqual([
      'The client already has an appointment at this time (Mon 3/15/2032 10:00 AM).',
    ]);
    const otherDay = await lookup(scheduler, {
      ...params,
      therapistId: tid('therapist1'),
      start: at(29, 14),
    });
    expect(otherDay.nextAppointment?.warnings).toEqual([]);

    // Once the clock passes it, the next one is named.
    setClock(new Date(at(16, 12)));
    try {
      const later = await lookup(await as('scheduler'), { ...params, start: at(29, 14) });
      expect(later.nextAppointment?.start_date_time).toBe(at(22, 14));
    } finally {
      setClock(new Date('2032-01-05T12:00:00Z'));
    }
  });

  it('reads a bare date as midnight in the practice time zone', async () => {
    const scheduler = await as('scheduler');
    // Ivy's appointment of 2 March with therapist2 started at 9:00 AM; that day's midnight is before it.
    const result = await lookup(scheduler, {
      duration: 0,
      therapistId: tid('therapist2'),
      clientId: ids.ivy,
      start: '2032-03-03',
    });
    expect(result.selected).toMatchObject([{ find_type: 'last_appointment' }]);
    const sameDay = await lookup(scheduler, {
      duration: 0,
      therapistId: tid('therapist2'),
      clientId: ids.ivy,
      start: '2032-03-02',
    });
    expect(sameDay.selected).toMatchObject([{ find_type: 'default_product' }]);
  });

  it('lets a therapist-only user look up only their own calendar and their own clients', async () => {
    const therapist2 = await as('therapist2');
    const own = await therapist2.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist2'),
        clientId: ids.ivy,
        start: at(1, 15),
      }),
    );
    expect(own.statusCode).toBe(200);
    const other = await therapist2.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist1'),
        clientId: ids.ivy,
        start: at(1, 15),
      }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(OWN_CALENDAR_ONLY);
    // Jon's link to therapist2 is inactive; therapist3 has no link to Ivy at all.
    const therapist3 = await as('therapist3');
    const notTheirs = await therapist3.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist3'),
        clientId: ids.ivy,
        start: at(1, 15),
      }),
    );
    expect(notTheirs.statusCode).toBe(403);
  });

  it('keeps practices apart', async () => {
    const owner2 = await as('owner2');
    const theirTherapist = tid('owner2');
    const foreignClient = await owner2.get(
      productsUrl({
        duration: 60,
        therapistId: theirTherapist,
        clientId: ids.ivy,
        start: at(1, 15),
      }),
    );
    expect(foreignClient.statusCode).toBe(404);
    const foreignTherapist = await owner2.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist1'),
        clientId: ids.otherClient,
        start: at(1, 15),
      }),
    );
    expect(foreignTherapist.statusCode).toBe(400);
    expect(foreignTherapist.json()).toMatchObject({
      message: 'Choose a therapist of this practice.',
      field: 'therapistId',
    });
    const owner = await as('owner');
    const fromFirst = await owner.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist1'),
        clientId: ids.otherClient,
        start: at(1, 15),
      }),
    );
    expect(fromFirst.statusCode).toBe(404);
    // The second practice's own lookup works and lists only its own products.
    const own = await owner2.get(
      productsUrl({
        duration: 60,
        therapistId: theirTherapist,
        clientId: ids.otherClient,
        start: at(1, 15),
      }),
    );
    expect(own.statusCode).toBe(200);
    const theirProducts = await rowsOf<{ id: number }>(
      t.app.db,
      sql`select id from products where practice_id = ${p2}`,
    );
    const theirIds = new Set(theirProducts.map((p) => p.id));
    const offered = (own.json().data.products as Option[]).map((o) => o.products[0]?.productId);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((id) => id !== undefined && theirIds.has(id))).toBe(true);
  });

  it.each([
    ['no start', { duration: 60, therapistId: 1, clientId: 1 }],
    ['an unreadable start', { duration: 60, therapistId: 1, clientId: 1, start: 'soon' }],
    ['a negative duration', { duration: -5, therapistId: 1, clientId: 1, start: at(1, 15) }],
    ['a fractional duration', { duration: 7.5, therapistId: 1, clientId: 1, start: at(1, 15) }],
    ['a duration over a day', { duration: 1441, therapistId: 1, clientId: 1, start: at(1, 15) }],
    [
      'a therapist that is not a number',
      { duration: 60, therapistId: 'x', clientId: 1, start: at(1, 15) },
    ],
    ['no client', { duration: 60, therapistId: 1, start: at(1, 15) }],
  ])('answers 400 to %s', async (_label, params) => {
    const scheduler = await as('scheduler');
    const response = await scheduler.get(productsUrl(params));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('is refused to users who cannot schedule', async () => {
    const frontoffice = await as('frontoffice');
    const response = await frontoffice.get(
      productsUrl({
        duration: 60,
        therapistId: tid('therapist1'),
        clientId: ids.ivy,
        start: at(1, 15),
      }),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/availability/countConflicts', () => {
  const count = async (browser: Browser, params: Record<string, string | number>) => {
    const response = await browser.get(conflictsUrl(params));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.conflictCount as number;
  };

  it('counts live appointments, meetings, out of office and external busy time that overlap', async () => {
    const scheduler = await as('scheduler');
    const therapistId = tid('therapist4');
    const day = 4; // Thursday 4 March 2032
    await book(scheduler, { therapistId, patientId: ids.ivy, eventDateTime: at(day, 14) });
    const base = { therapistId };
    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 14, 30) })).toBe(1);
    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 13, 30) })).toBe(1);
    // Back to back on either side is no conflict.
    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 15) })).toBe(0);
    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 13) })).toBe(0);
    // Another therapist is free.
    expect(
      await count(scheduler, { therapistId: tid('therapist5'), duration: 60, start: at(day, 14) }),
    ).toBe(0);

    const meeting = await scheduler.post('/api/calendar/createMeeting', {
      therapistId,
      startDateTime: at(day, 16),
      duration: 60,
      type: 'meeting',
      allDay: false,
    });
    expect(meeting.statusCode).toBe(201);
    const away = await scheduler.post('/api/calendar/createMeeting', {
      therapistId,
      startDateTime: at(day, 18),
      duration: 30,
      type: 'out_of_office',
      allDay: false,
    });
    expect(away.statusCode).toBe(201);
    // A double-booked appointment still occupies the therapist.
    await book(scheduler, {
      therapistId,
      patientId: ids.jon,
      eventDateTime: at(day, 14),
      allowDoubleBooking: true,
    });
    // A cancelled one does not.
    const gone = await book(scheduler, {
      therapistId,
      patientId: ids.jon,
      eventDateTime: at(day, 20),
    });
    await scheduler.post('/api/calendar/cancelEvent', { id: gone, reason: '' });
    // Holidays are not the therapist's bookings.
    await t.app.db.insert(calendarEvents).values({
      practiceId: p1,
      therapistId,
      type: 'holiday',
      name: 'Holiday',
      startAt: new Date(at(day, 5)),
      endAt: new Date(at(day + 1, 5)),
      allDay: true,
    });
    // Busy time from the therapist's connected calendar.
    const [calendar] = await t.app.db
      .insert(externalCalendars)
      .values({
        practiceId: p1,
        therapistId,
        calendarKey: 'private@example.com',
        name: 'Private',
        url: 'https://calendar.example.com/private.ics',
        color: '#00897B',
      })
      .returning({ id: externalCalendars.id });
    await t.app.db.insert(externalCalendarEvents).values({
      calendarId: calendar?.id ?? 0,
      practiceId: p1,
      therapistId,
      uid: 'dentist-1',
      title: 'Dentist',
      startAt: new Date(at(day, 19)),
      endAt: new Date(at(day, 20)),
    });

    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 14) })).toBe(2);
    expect(await count(scheduler, { ...base, duration: 90, start: at(day, 18, 45) })).toBe(1);
    expect(await count(scheduler, { ...base, duration: 60, start: at(day, 20) })).toBe(0);
    // From 9:00 AM to 4:00 PM practice time: both appointments, the meeting, out of office and the dentist.
    expect(await count(scheduler, { ...base, duration: 7 * 60, start: at(day, 14) })).toBe(5);
    // A bare date is midnight in the practice's zone; a whole day covers everything live.
    expect(await count(scheduler, { ...base, duration: 24 * 60, start: '2032-03-04' })).toBe(5);
    // Another practice's therapist cannot be asked about.
    const owner2 = await as('owner2');
    const foreign = await owner2.get(conflictsUrl({ ...base, duration: 60, start: at(day, 14) }));
    expect(foreign.statusCode).toBe(400);
  });

  it('lets a therapist-only user count only their own calendar', async () => {
    const therapist2 = await as('therapist2');
    expect(
      await count(therapist2, { therapistId: tid('therapist2'), duration: 60, start: at(1, 10) }),
    ).toBe(0);
    const other = await therapist2.get(
      conflictsUrl({ therapistId: tid('therapist1'), duration: 60, start: at(1, 14) }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(OWN_CALENDAR_ONLY);
  });

  it.each([
    ['a zero duration', { duration: 0, therapistId: 1, start: at(1, 15) }],
    ['no duration', { therapistId: 1, start: at(1, 15) }],
    ['a duration over a day', { duration: 2000, therapistId: 1, start: at(1, 15) }],
    ['no therapist', { duration: 60, start: at(1, 15) }],
    ['a bad start', { duration: 60, therapistId: 1, start: '2032-13-01' }],
  ])('answers 400 to %s', async (_label, params) => {
    const scheduler = await as('scheduler');
    const response = await scheduler.get(conflictsUrl(params));
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/therapist/telehealthStatus', () => {
  const status = (browser: Browser, therapistId: number | string) =>
    browser.get(`/api/therapist/telehealthStatus?therapistId=${therapistId}`);

  it('needs the practice feature and the therapist setting', async () => {
    const scheduler = await as('scheduler');
    const eligible = await status(scheduler, tid('therapist1'));
    expect(eligible.statusCode).toBe(200);
    expect(eligible.json().data).toEqual({ hasTelehealth: true, allowedPos: ['02', '10', '11'] });
    // therapist3 does not offer telehealth (demo seed).
    expect((await status(scheduler, tid('therapist3'))).json().data).toEqual({
      hasTelehealth: false,
      allowedPos: [],
    });
    const [settings] = await t.app.db
      .select({ features: practiceSettings.features })
      .from(practiceSettings)
      .where(eq(practiceSettings.practiceId, p1));
    if (!settings) throw new Error('no practice settings');
    await t.app.db
      .update(practiceSettings)
      .set({ features: { ...settings.features, telehealth: false } })
      .where(eq(practiceSettings.practiceId, p1));
    try {
      expect((await status(scheduler, tid('therapist1'))).json().data.hasTelehealth).toBe(false);
    } finally {
      await t.app.db
        .update(practiceSettings)
        .set({ features: settings.features })
        .where(eq(practiceSettings.practiceId, p1));
    }
  });

  it('refuses other practices, other therapists for therapist-only users, and bad input', async () => {
    expect((await status(await as('owner2'), tid('therapist1'))).statusCode).toBe(400);
    const therapist2 = await as('therapist2');
    expect((await status(therapist2, tid('therapist2'))).statusCode).toBe(200);
    const other = await status(therapist2, tid('therapist1'));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(OWN_CALENDAR_ONLY);
    const scheduler = await as('scheduler');
    expect((await status(scheduler, 'abc')).statusCode).toBe(400);
    expect((await scheduler.get('/api/therapist/telehealthStatus')).statusCode).toBe(400);
    expect((await status(await as('biller'), tid('therapist1'))).statusCode).toBe(403);
  });
});

describe('GET /api/availability/listServiceLocations', () => {
  it("lists the practice's active locations, the default first, to any practice staff", async () => {
    const frontoffice = await as('frontoffice');
    const response = await frontoffice.get('/api/availability/listServiceLocations');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: expect.any(Number), name: 'Main Office', color: '#1565C0', isDefault: true },
      { id: expect.any(Number), name: 'Westside Office', color: '#2E7D32', isDefault: false },
    ]);
    const second = (
      await (await as('owner2')).get('/api/availability/listServiceLocations')
    ).json();
    expect(second.data).toEqual([
      { id: expect.any(Number), name: 'Main', color: '#6A1B9A', isDefault: true },
    ]);
  });

  it('leaves out inactive locations', async () => {
    await t.app.db
      .update(locations)
      .set({ active: false })
      .where(sql`${locations.practiceId} = ${p1} and ${locations.name} = 'Westside Office'`);
    try {
      const response = await (await as('owner')).get('/api/availability/listServiceLocations');
      expect(response.json().data.map((l: { name: string }) => l.name)).toEqual(['Main Office']);
    } finally {
      await t.app.db
        .update(locations)
        .set({ active: true })
        .where(sql`${locations.practiceId} = ${p1} and ${locations.name} = 'Westside Office'`);
    }
  });

  it('is refused to clients', async () => {
    const response = await (await as('client1')).get('/api/availability/listServiceLocations');
    expect(response.statusCode).toBe(403);
  });
});
