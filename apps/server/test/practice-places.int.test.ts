import { LOCATION_MESSAGES, locationClosedMessage, SERVICE_MESSAGES } from '@openpractice/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, locations, productPayerFees, products } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Practice set-up: locations, closing one, services, fee schedules and offerings (issue 16
 * items 2 and 3). The clock is set to 2032 so the demo's weekly availability is open ahead.
 */

let t: TestApp;
let owner: Browser;
let manager: Browser;
let owner2: Browser;
let p1 = 0;
const tid: Record<string, number> = {};
let mainOffice = 0;
let westside = 0;
let margaret = 0;
let product90837 = 0;

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

/** 9:00 New York (UTC−5 in February) on the day, plus hours. */
const ny = (day: string, hour = 9) =>
  new Date(Date.parse(`${day}T${String(hour + 5).padStart(2, '0')}:00:00Z`)).toISOString();

const lastAudit = async (action: string) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const newLocation = {
  name: 'Harbor Annex',
  color: '#00897b',
  addressLine1: '12 Fore St',
  city: 'Portland',
  state: 'me',
  zipcode: '04101',
  phone: '(207) 555-0100',
  placeOfServiceCode: '11',
  isDefault: false,
};

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  [owner, manager, owner2] = await Promise.all([
    signedIn(t.app, 'owner'),
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'owner2'),
  ]);
  p1 = await one(sql`select id from practices order by id limit 1`);
  for (const row of await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  ))
    tid[row.username] = row.id;
  mainOffice = await one(sql`select id from locations where practice_id = ${p1} and is_default`);
  westside = await one(
    sql`select id from locations where practice_id = ${p1} and name = 'Westside Office'`,
  );
  margaret = await one(
    sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
  );
  product90837 = await one(
    sql`select id from products where practice_id = ${p1} and cpt_code = '90837'`,
  );
});
afterAll(() => t.close());

describe('locations', () => {
  it('lists the demo locations with the default the fallback rule gives', async () => {
    const response = await owner.get('/api/practice/locations');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{
      data: { name: string; isEffectiveDefault: boolean; color: string }[];
    }>().data;
    expect(data.map((l) => [l.name, l.color, l.isEffectiveDefault])).toEqual([
      ['Main Office', '#1565C0', true],
      ['Westside Office', '#2E7D32', false],
    ]);
  });

  it('only owners and managers may read or change them', async () => {
    for (const username of ['scheduler', 'biller', 'frontoffice', 'staffadmin', 'therapist1']) {
      const browser = await signedIn(t.app, username);
      expect((await browser.get('/api/practice/locations')).statusCode).toBe(403);
      expect((await browser.post('/api/practice/locations/save', newLocation)).statusCode).toBe(
        403,
      );
    }
    expect((await new Browser(t.app).get('/api/practice/locations')).statusCode).toBe(401);
  });

  it('adds a location, normalised, and audits it', async () => {
    const response = await manager.post('/api/practice/locations/save', newLocation);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Harbor Annex',
      color: '#00897B',
      state: 'ME',
      phone: '2075550100',
      placeOfServiceCode: '11',
      isDefault: false,
      active: true,
      closesOn: null,
    });
    const audit = await lastAudit('practice.location_added');
    expect(audit).toMatchObject({ practiceId: p1 });
    expect(audit?.detail).toMatchObject({
      practiceLocationId: response.json().data.practiceLocationId,
    });
  });

  it.each([
    [{ color: 'teal' }, 'color', LOCATION_MESSAGES.colour],
    [{ placeOfServiceCode: '77' }, 'placeOfServiceCode', undefined],
    [{ zipcode: '123' }, 'zipcode', undefined],
    [{ name: '' }, 'name', undefined],
    [{ name: 'Main office' }, 'name', LOCATION_MESSAGES.nameTaken],
  ])('refuses %j naming the field, writing nothing', async (over, field, message) => {
    const before = (await t.app.db.select().from(locations)).length;
    const response = await owner.post('/api/practice/locations/save', {
      ...newLocation,
      name: 'Another',
      ...over,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().message).toBe(message);
    expect((await t.app.db.select().from(locations)).length).toBe(before);
  });

  it('keeps practices apart', async () => {
    const theirs = await owner2.get('/api/practice/locations?includeInactive=true');
    expect(theirs.json().data.map((l: { name: string }) => l.name)).toEqual(['Main']);
    const edit = await owner2.post('/api/practice/locations/save', {
      ...newLocation,
      practiceLocationId: westside,
      name: 'Taken over',
    });
    expect(edit.statusCode).toBe(404);
    const close = await owner2.post('/api/practice/locations/service/close', {
      practiceLocationId: westside,
      closesOn: '2032-03-01',
    });
    expect(close.statusCode).toBe(404);
  });

  it('marks one default at a time and refuses to deactivate or close the default', async () => {
    const deactivate = await owner.post('/api/practice/locations/setActive', {
      practiceLocationId: mainOffice,
      active: false,
    });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe(LOCATION_MESSAGES.deactivateDefault);
    const close = await owner.post('/api/practice/locations/service/close', {
      practiceLocationId: mainOffice,
      closesOn: '2032-03-01',
    });
    expect(close.json().message).toBe(LOCATION_MESSAGES.closingDefault);
  });
});

describe('closing a location', () => {
  let booked = 0;

  it('lists the appointments and availability at it from the day, audited as a list', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const created = await scheduler.post('/api/calendar/createAppointment', {
      therapistId: tid.therapist1,
      patientId: margaret,
      practiceLocationId: westside,
      isTeletherapy: false,
      eventDateTime: ny('2032-03-02', 2),
      products: [{ productId: product90837, duration: 60 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    booked = created.json().data.calendar_event_ids[0];
    const response = await owner.get(
      `/api/practice/locations/service/close?practiceLocationId=${westside}&closesOn=2032-03-01`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.appointments).toContainEqual(
      expect.objectContaining({
        calendar_event_id: booked,
        date: '2032-03-02',
        clientName: 'Margaret Hamilton',
      }),
    );
    const audit = await lastAudit('practice.location_closing_listed');
    expect([audit?.patientId, ...(audit?.patientIds ?? [])]).toContain(margaret);
    const before = await owner.get(
      `/api/practice/locations/service/close?practiceLocationId=${westside}&closesOn=2032-03-03`,
    );
    expect(
      before
        .json()
        .data.appointments.map((a: { calendar_event_id: number }) => a.calendar_event_id),
    ).not.toContain(booked);
  });

  it('refuses a closing day in the past', async () => {
    const response = await owner.post('/api/practice/locations/service/close', {
      practiceLocationId: westside,
      closesOn: '2032-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'closesOn',
      message: LOCATION_MESSAGES.closeInPast,
    });
  });

  it('closes it; from that day it cannot be booked, moved to or given availability', async () => {
    const response = await owner.post('/api/practice/locations/service/close', {
      practiceLocationId: westside,
      closesOn: '2032-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.closesOn).toBe('2032-03-01');
    expect((await lastAudit('practice.location_closed'))?.detail).toMatchObject({
      to: '2032-03-01',
    });
    const words = locationClosedMessage({ name: 'Westside Office', closesOn: '2032-03-01' });
    const scheduler = await signedIn(t.app, 'scheduler');
    const base = {
      therapistId: tid.therapist1,
      patientId: margaret,
      practiceLocationId: westside,
      isTeletherapy: false,
      products: [{ productId: product90837, duration: 60 }],
    };
    const refused = await scheduler.post('/api/calendar/createAppointment', {
      ...base,
      eventDateTime: ny('2032-03-04', 3),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'practiceLocationId', message: words });
    const earlier = await scheduler.post('/api/calendar/createAppointment', {
      ...base,
      eventDateTime: ny('2032-02-24', 3),
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const earlierId = earlier.json().data.calendar_event_ids[0];
    const drag = await scheduler.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: earlierId,
      calendar_event_starttime: ny('2032-03-05', 3),
      calendar_event_endtime: ny('2032-03-05', 4),
      calendar_event_allday: 0,
    });
    expect(drag.statusCode).toBe(400);
    expect(drag.json().message).toBe(words);
    const [still] = await rowsOf<{ start: string }>(
      t.app.db,
      sql`select start_at::text as start from calendar_events where id = ${earlierId}`,
    );
    expect(new Date(still?.start ?? '').toISOString()).toBe(ny('2032-02-24', 3));
    const manager2 = await signedIn(t.app, 'manager');
    const extra = await manager2.post('/api/availability/addException', {
      therapistId: tid.therapist1,
      date: '2032-03-08',
      kind: 'extra',
      practiceLocationId: westside,
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(extra.statusCode).toBeGreaterThanOrEqual(400);
    expect(extra.statusCode).toBeLessThan(500);
  });

  it('self-booking offers no in-person time at a closed location', async () => {
    // Westside reopens and becomes the default, so the demo's Main Office can close.
    await owner.post('/api/practice/locations/service/close', {
      practiceLocationId: westside,
      closesOn: null,
    });
    const westsideNow = (await owner.get('/api/practice/locations'))
      .json()
      .data.find((l: { practiceLocationId: number }) => l.practiceLocationId === westside);
    const madeDefault = await owner.post('/api/practice/locations/save', {
      ...westsideNow,
      isDefault: true,
      practiceLocationId: westside,
      isEffectiveDefault: undefined,
      active: undefined,
      closesOn: undefined,
    });
    expect(madeDefault.statusCode, madeDefault.body).toBe(200);
    const closeMain = await owner.post('/api/practice/locations/service/close', {
      practiceLocationId: mainOffice,
      closesOn: '2032-03-01',
    });
    expect(closeMain.statusCode, closeMain.body).toBe(200);
    const visitor = new Browser(t.app);
    const book = (start: string) =>
      visitor.post('/api/public/selfSchedule/book', {
        therapistId: tid.therapist2,
        mode: 'inPerson',
        idempotencyKey: `places-${start.replace(/[^0-9]/g, '')}`,
        firstName: 'Vera',
        lastName: 'Visitor',
        email: 'vera.visitor@example.com',
        phone: '(207) 555-0190',
        dob: '1990-05-17',
        reasonForAppointment: 'Anxious at work.',
        start,
      });
    const closed = await book(ny('2032-03-03', 10));
    expect(closed.statusCode, closed.body).toBe(409);
    const open = await book(ny('2032-02-04', 10));
    expect(open.statusCode, open.body).toBe(201);
  });
});

describe('services and fees', () => {
  const service = {
    cptCode: '90839',
    description: 'Psychotherapy for crisis, first 60 minutes',
    durationMinutes: 60,
    feeCents: 18050,
    isTelehealth: false,
    isGroup: false,
    isDefault: false,
  };

  it('adds a service and refuses a second active one with the code', async () => {
    const added = await owner.post('/api/practice/services/save', service);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ cptCode: '90839', feeCents: 18050, active: true });
    const count = (await t.app.db.select().from(products).where(eq(products.practiceId, p1)))
      .length;
    const duplicate = await owner.post('/api/practice/services/save', {
      ...service,
      description: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      field: 'cptCode',
      message: SERVICE_MESSAGES.cptTaken('90839'),
    });
    expect((await t.app.db.select().from(products).where(eq(products.practiceId, p1))).length).toBe(
      count,
    );
    // Another practice may use the same code.
    expect((await owner2.post('/api/practice/services/save', service)).statusCode).toBe(201);
    expect((await lastAudit('practice.service_added'))?.detail).toMatchObject({ cptCode: '90839' });
  });

  it.each([
    [{ cptCode: '9083' }, 'cptCode'],
    [{ feeCents: 12.5 }, 'feeCents'],
    [{ feeCents: -1 }, 'feeCents'],
    [{ durationMinutes: 0 }, 'durationMinutes'],
    [{ description: '' }, 'description'],
  ])('refuses %j naming the field', async (over, field) => {
    const response = await owner.post('/api/practice/services/save', {
      ...service,
      cptCode: '90840',
      ...over,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('only owners and managers change services', async () => {
    for (const username of ['biller', 'scheduler', 'staffadmin']) {
      const browser = await signedIn(t.app, username);
      expect(
        (await browser.post('/api/practice/services/save', { ...service, cptCode: '90840' }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('keeps a fee schedule per payer, back to the default with null', async () => {
    const payers = await rowsOf<{ id: number }>(
      t.app.db,
      sql`select id from practice_insurances where practice_id = ${p1} order by id limit 2`,
    );
    const [aetna, other] = payers.map((p) => p.id);
    const save = (
      payer: number | undefined,
      fees: { productId: number; feeCents: number | null }[],
    ) =>
      manager.request('PUT', '/api/practice/services/fees', { practice_insurance_id: payer, fees });
    expect((await save(aetna, [{ productId: product90837, feeCents: 15500 }])).statusCode).toBe(
      200,
    );
    expect((await save(other, [{ productId: product90837, feeCents: 16000 }])).statusCode).toBe(
      200,
    );
    const listed = (await owner.get('/api/practice/services/fees')).json().data;
    expect(listed.fees).toEqual(
      expect.arrayContaining([
        { practice_insurance_id: aetna, productId: product90837, feeCents: 15500 },
        { practice_insurance_id: other, productId: product90837, feeCents: 16000 },
      ]),
    );
    expect((await save(aetna, [{ productId: product90837, feeCents: null }])).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(productPayerFees)
      .where(and(eq(productPayerFees.productId, product90837)));
    expect(rows.map((r) => r.feeCents)).toEqual([16000]);
    expect((await lastAudit('practice.fee_schedule_changed'))?.detail).toMatchObject({
      cleared: 1,
    });
    // Another practice's payer or service is refused.
    const theirPayer = await one(
      sql`select id from practice_insurances where practice_id <> ${p1} limit 1`,
    );
    if (theirPayer) {
      const refused = await save(theirPayer, [{ productId: product90837, feeCents: 1 }]);
      expect(refused.json().field).toBe('practice_insurance_id');
    }
    const theirs = await owner2.request('PUT', '/api/practice/services/fees', {
      practice_insurance_id: other,
      fees: [],
    });
    expect(theirs.statusCode).toBe(400);
  });

  it('scheduling suggests only the services a therapist offers, once set', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const lookup = async () =>
      (
        await scheduler.get(
          `/api/availability/findProductsForSchedulingRequest?therapistId=${tid.therapist1}&clientId=${margaret}&duration=60&start=${encodeURIComponent(ny('2032-02-26'))}`,
        )
      ).json();
    const all = await lookup();
    expect(all.data.products.length).toBeGreaterThan(1);
    const offered = await owner.request('PUT', '/api/practice/services/offerings', {
      therapistId: tid.therapist1,
      productIds: [product90837],
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const only = await lookup();
    expect(
      only.data.products.map(
        (o: { products: { productId: number }[] }) => o.products[0]?.productId,
      ),
    ).toEqual([product90837]);
    const listed = (await owner.get('/api/practice/services/offerings')).json().data;
    expect(
      listed.find((r: { therapistId: number }) => r.therapistId === tid.therapist1).productIds,
    ).toEqual([product90837]);
    await owner.request('PUT', '/api/practice/services/offerings', {
      therapistId: tid.therapist1,
      productIds: [],
    });
    expect((await lookup()).data.products.length).toBe(all.data.products.length);
    const foreign = await owner2.request('PUT', '/api/practice/services/offerings', {
      therapistId: tid.therapist1,
      productIds: [],
    });
    expect(foreign.json().field).toBe('therapistId');
  });
});
