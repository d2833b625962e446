import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, calendarEventAttendees, calendarEvents } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';
const ALREADY = 'Attendance is already recorded for this client. Reset it first to change it.';
const ROOM = 'https://video.example.com/room/{id}?practice=riverbend';

let t: TestApp;
/** The same database and clock, served with a video room configured (TELEHEALTH_ROOM_URL). */
let withRoom: FastifyInstance;
let ids: {
  therapist: Record<string, number>;
  margaret: number;
  bob: number;
  product: number;
  groupProduct: number;
  otherProduct: number;
  location: number;
  group: number;
  members: number[];
};

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

beforeAll(async () => {
  t = await testApp();
  withRoom = await buildApp({
    database: t.database,
    now: t.clock.now,
    logLevel: 'silent',
    publicRateLimit: 10_000,
    dataDir: t.dataDir,
    telehealthRoomUrl: ROOM,
  });
  const therapists = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  const practice1 = await one(sql`select id from practices order by id limit 1`);
  const group = await one(
    sql`select id from clients where practice_id = ${practice1} and is_group order by id limit 1`,
  );
  const members = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select client_id as id from client_group_members where group_client_id = ${group} order by client_id`,
  );
  ids = {
    therapist: Object.fromEntries(therapists.map((r) => [r.username, r.id])),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    bob: await one(
      sql`select id from clients where last_name = 'Sinclair' and first_name = 'Robert' limit 1`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice1} and cpt_code = '90837'`,
    ),
    groupProduct: await one(
      sql`select id from products where practice_id = ${practice1} and cpt_code = '90853'`,
    ),
    otherProduct: await one(
      sql`select id from products where practice_id <> ${practice1} order by id limit 1`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice1} and is_default`,
    ),
    group,
    members: members.map((m) => m.id),
  };
});
afterAll(async () => {
  await withRoom.close();
  await t.close();
});

const tid = (username: string): number => ids.therapist[username] ?? 0;

/** Far ahead of the seeded calendar; each test takes its own day. */
const at = (day: number, hour: number) =>
  new Date(Date.UTC(2031, 5, 2 + day, hour, 0, 0)).toISOString();
/** Far behind it: sessions that have happened, whose attendance may be recorded. */
const past = (day: number, hour: number) =>
  new Date(Date.UTC(2021, 5, 2 + day, hour, 0, 0)).toISOString();

async function book(browser: Browser, over: Record<string, unknown> = {}) {
  const response = await browser.post('/api/calendar/createAppointment', {
    therapistId: tid('therapist1'),
    patientId: ids.margaret,
    practiceLocationId: ids.location,
    isTeletherapy: false,
    teletherapyPos: '02',
    eventDateTime: at(0, 14),
    products: [{ productId: ids.product, duration: 60 }],
    ...over,
  });
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json<{ data: { calendar_event_ids: number[]; series_id: number | null } }>()
    .data;
  return { eventId: data.calendar_event_ids[0] ?? 0, ...data };
}

async function attendeeOf(eventId: number) {
  const [row] = await t.app.db
    .select()
    .from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.eventId, eventId))
    .orderBy(calendarEventAttendees.id);
  if (!row) throw new Error(`event ${eventId} has no attendee`);
  return row;
}

const details = (browser: Browser, eventId: number, attendeeId: number) =>
  browser.get(`/api/patientRecord/getAppointmentDetails/${eventId}/${attendeeId}`);

const save = (
  browser: Browser,
  attendeeId: number,
  query: { attended: 0 | 1 | string; product?: number | string; noShow?: 0 | 1 },
) =>
  browser.post(
    `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
      `&calendar_event_attendee_attended=${query.attended}` +
      (query.product === undefined ? '' : `&product_id=${query.product}`) +
      (query.noShow === undefined ? '' : `&calendar_event_attendee_noShow=${query.noShow}`),
  );

const reset = (browser: Browser, attendeeId: number) =>
  browser.post(
    `/api/calendar/editAttendance/resetAttendance?calendar_event_attendee_id=${attendeeId}`,
  );

async function lastAudit(action: string) {
  const [row] = await t.app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('GET /api/patientRecord/getAppointmentDetails/:eventId/:attendeeId', () => {
  it('answers the appointment with its attendee, therapist, location and product, and audits the read', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(0, 14) });
    const attendee = await attendeeOf(eventId);

    const response = await details(scheduler, eventId, attendee.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      calendar_event_id: eventId,
      calendarEventAttendeeId: attendee.id,
      clientId: ids.margaret,
      clientName: 'Margaret Hamilton',
      start: at(0, 14),
      end: at(0, 15),
      therapistId: tid('therapist1'),
      locationId: ids.location,
      isTeletherapy: false,
      product: { productId: ids.product, sku: '90837' },
      series_id: null,
      group: null,
      isCancelled: false,
      cancelledDate: null,
      cancelledBy: null,
      cancelledReason: null,
      isCharted: false,
      teletherapy: null,
    });
    expect(data.therapistName).toMatch(/\S+ \S+/);
    expect(data.locationName).toEqual(expect.any(String));
    expect(data.attendees).toEqual([
      {
        calendarEventAttendeeId: attendee.id,
        patientId: ids.margaret,
        fullName: 'Margaret Hamilton',
        isPatient: true,
        isGroup: false,
        attended: false,
        notAttended: false,
        attendanceUnknown: true,
        noShow: false,
        accountInvoiceId: null,
        productId: ids.product,
        product: { productId: ids.product, name: expect.any(String), sku: '90837' },
        checkedInTime: null,
        isCharted: false,
        patientChartId: null,
        chart_status: null,
      },
    ]);
    expect(data.productOptions.map((p: { sku: string }) => p.sku)).toContain('90837');
    expect(data.locationOptions.map((l: { id: number }) => l.id)).toContain(ids.location);

    const audit = await lastAudit('client.appointment_details_read');
    expect(audit).toMatchObject({
      patientId: ids.margaret,
      detail: {
        eventId,
        kind: 'view',
        route: 'GET /api/patientRecord/getAppointmentDetails/:eventId/:attendeeId',
      },
    });
  });

  it('answers 404 for an attendee of another event, another practice, or a meeting; 403 for a colleague therapist', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(1, 14) });
    const { eventId: otherId } = await book(scheduler, { eventDateTime: at(1, 16) });
    const other = await attendeeOf(otherId);
    const attendee = await attendeeOf(eventId);

    expect((await details(scheduler, eventId, other.id)).statusCode).toBe(404);
    const owner2 = await signedIn(t.app, 'owner2');
    const foreign = await details(owner2, eventId, attendee.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Hamilton');

    const meeting = await scheduler.post('/api/calendar/createMeeting', {
      therapistId: tid('therapist1'),
      startDateTime: at(1, 18),
      duration: 30,
    });
    const meetingId = meeting.json().data.calendar_event_id;
    expect((await details(scheduler, meetingId, 0)).statusCode).toBe(404);

    const therapist2 = await signedIn(t.app, 'therapist2');
    const colleague = await details(therapist2, eventId, attendee.id);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe('You can see and change only your own calendar.');
    const own = await signedIn(t.app, 'therapist1');
    expect((await details(own, eventId, attendee.id)).statusCode).toBe(200);
    const frontoffice = await signedIn(t.app, 'frontoffice');
    const readOnly = await details(frontoffice, eventId, 0);
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json().data.canChange).toBe(false);
    expect((await details(scheduler, eventId, 0)).json().data.canChange).toBe(true);
    expect((await scheduler.get('/api/patientRecord/getAppointmentDetails/abc/1')).statusCode).toBe(
      400,
    );
  });

  it('shows who cancelled, when and why', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(2, 14) });
    const cancelled = await scheduler.post('/api/calendar/cancelEvent', {
      id: eventId,
      reason: 'Client is unwell',
    });
    expect(cancelled.statusCode).toBe(200);
    const data = (await details(scheduler, eventId, 0)).json().data;
    expect(data).toMatchObject({
      isCancelled: true,
      cancelledDate: t.clock.now().toISOString(),
      cancelledReason: 'Client is unwell',
    });
    expect(data.cancelledBy).toMatch(/\S+ \S+/);
  });
});

describe('attendance (editAttendance/save and resetAttendance)', () => {
  it('saves attended with a product, which charges the session, and refuses a second save', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const { eventId } = await book(therapist, { eventDateTime: past(3, 14) });
    const attendee = await attendeeOf(eventId);
    const product46 = await one(
      sql`select id from products where cpt_code = '90846' order by id limit 1`,
    );

    const saved = await save(therapist, attendee.id, { attended: 1, product: product46 });
    expect(saved.statusCode).toBe(200);
    // An attended session is billed at once (issue 19): its charge is the account invoice.
    const invoice = saved.json<{ account_invoice_id: number | null }>().account_invoice_id;
    expect(invoice).toEqual(expect.any(Number));
    expect(await attendeeOf(eventId)).toMatchObject({
      attended: true,
      noShow: false,
      productId: product46,
      accountInvoiceId: invoice,
    });
    expect(await lastAudit('client.attendance_saved')).toMatchObject({
      patientId: ids.margaret,
      detail: {
        eventId,
        attendeeId: attendee.id,
        attended: true,
        productId: product46,
        kind: 'change',
        route: 'POST /api/calendar/editAttendance/save',
      },
    });
    const flags = (await details(therapist, eventId, attendee.id)).json().data.attendees[0];
    expect(flags).toMatchObject({ attended: true, notAttended: false, attendanceUnknown: false });

    const again = await save(therapist, attendee.id, { attended: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY);
    expect((await attendeeOf(eventId)).attended).toBe(true);
    // The charge rests on the attendance: it cannot be reset until the charge is reversed.
    expect((await reset(therapist, attendee.id)).json()).toMatchObject({ status: 'not-removed' });
  });

  it('saves not attended with a no-show and keeps the product when none is sent', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(4, 14) });
    const attendee = await attendeeOf(eventId);
    const saved = await save(scheduler, attendee.id, { attended: 0, noShow: 1, product: '' });
    expect(saved.json()).toEqual({ status: 'saved', account_invoice_id: null });
    expect(await attendeeOf(eventId)).toMatchObject({
      attended: false,
      noShow: true,
      productId: ids.product,
    });
    const flags = (await details(scheduler, eventId, attendee.id)).json().data.attendees[0];
    expect(flags).toMatchObject({ attended: false, notAttended: true, noShow: true });

    const cleared = await reset(scheduler, attendee.id);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ status: 'saved' });
    expect(await attendeeOf(eventId)).toMatchObject({ attended: null, noShow: false });
    expect(await lastAudit('client.attendance_reset')).toMatchObject({
      patientId: ids.margaret,
      detail: {
        changed: true,
        kind: 'change',
        route: 'POST /api/calendar/editAttendance/resetAttendance',
      },
    });
    // Resetting an unknown attendance changes nothing and still answers saved.
    expect((await reset(scheduler, attendee.id)).json()).toEqual({ status: 'saved' });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(5, 14) });
    const attendee = await attendeeOf(eventId);

    const both = await save(scheduler, attendee.id, { attended: 1, noShow: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      message: 'Only a client who did not attend can be marked as a no-show.',
      field: 'calendar_event_attendee_noShow',
    });
    const foreignProduct = await save(scheduler, attendee.id, {
      attended: 1,
      product: ids.otherProduct,
    });
    expect(foreignProduct.statusCode).toBe(400);
    expect(foreignProduct.json().field).toBe('product_id');
    expect((await save(scheduler, attendee.id, { attended: 'maybe' })).statusCode).toBe(400);
    expect(
      (
        await scheduler.post(
          `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendee.id}`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await save(scheduler, 2_000_000_000, { attended: 1 })).statusCode).toBe(404);
    expect(await attendeeOf(eventId)).toMatchObject({ attended: null, noShow: false });
  });

  it('answers not-removed while an invoice rests on the attendance', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(6, 14) });
    const attendee = await attendeeOf(eventId);
    await save(scheduler, attendee.id, { attended: 1 });
    await t.app.db
      .update(calendarEventAttendees)
      .set({ accountInvoiceId: 987 })
      .where(eq(calendarEventAttendees.id, attendee.id));

    const response = await reset(scheduler, attendee.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'not-removed',
      message:
        'This attendance has an invoice, so it cannot be reset. Void the invoice first, then reset the attendance.',
    });
    expect(await attendeeOf(eventId)).toMatchObject({ attended: true, accountInvoiceId: 987 });
  });

  it('keeps attendance and check-in off cancelled appointments', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(7, 14) });
    const attendee = await attendeeOf(eventId);
    await scheduler.post('/api/calendar/cancelEvent', { id: eventId, reason: 'Weather' });

    const saved = await save(scheduler, attendee.id, { attended: 1 });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toBe('Attendance cannot be recorded for a cancelled appointment.');
    expect((await reset(scheduler, attendee.id)).json()).toMatchObject({ status: 'not-removed' });
    const checkIn = await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', {
      calendarEventId: eventId,
      patientId: ids.margaret,
    });
    expect(checkIn.statusCode).toBe(409);
    expect(await attendeeOf(eventId)).toMatchObject({ attended: null, checkedInAt: null });
  });

  it('lets only scheduling roles change attendance, and only on their own calendar when therapist-only', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(8, 14) });
    const attendee = await attendeeOf(eventId);
    const frontoffice = await signedIn(t.app, 'frontoffice');
    expect((await save(frontoffice, attendee.id, { attended: 1 })).statusCode).toBe(403);
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect((await save(therapist2, attendee.id, { attended: 1 })).statusCode).toBe(403);
    expect((await reset(therapist2, attendee.id)).statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await save(owner2, attendee.id, { attended: 1 })).statusCode).toBe(404);
    expect((await reset(owner2, attendee.id)).statusCode).toBe(404);
    const manager = await signedIn(t.app, 'manager');
    expect((await save(manager, attendee.id, { attended: 1 })).statusCode).toBe(200);
    expect(await attendeeOf(eventId)).toMatchObject({ attended: true });
  });

  it('lets exactly one of two concurrent saves win', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(9, 14) });
    const attendee = await attendeeOf(eventId);
    await scheduler.refreshCsrf();
    const answers = await Promise.all([
      save(scheduler, attendee.id, { attended: 1 }),
      save(scheduler, attendee.id, { attended: 0, noShow: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('POST /api/calendarEvent/togglePatientCheckedIn and getAppointmentAttendeeDetails', () => {
  it('checks the client in at the server time, then takes it back', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: past(10, 14) });
    const body = { calendarEventId: eventId, patientId: ids.margaret };

    const on = await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', body);
    expect(on.statusCode).toBe(200);
    const time = t.clock.now().toISOString();
    expect(on.json().data).toEqual({ checkedInTime: time });
    expect((await attendeeOf(eventId)).checkedInAt?.toISOString()).toBe(time);
    expect(await lastAudit('client.checked_in')).toMatchObject({
      patientId: ids.margaret,
      detail: { eventId, kind: 'change', route: 'POST /api/calendarEvent/togglePatientCheckedIn' },
    });

    const listed = await scheduler.post('/api/calendarEvent/getAppointmentAttendeeDetails', {
      calendarEventId: eventId,
      practiceId: 1,
      userIdTherapist: tid('therapist1'),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject([
      { patientId: ids.margaret, fullName: 'Margaret Hamilton', checkedInTime: time },
    ]);

    const off = await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', body);
    expect(off.json().data).toEqual({ checkedInTime: null });
    expect((await attendeeOf(eventId)).checkedInAt).toBeNull();
    expect(await lastAudit('client.check_in_cleared')).toMatchObject({
      patientId: ids.margaret,
      detail: { eventId, kind: 'change', route: 'POST /api/calendarEvent/togglePatientCheckedIn' },
    });
  });

  it('answers 404 for a client not on the appointment or another practice, 403 for front office', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(11, 14) });
    const notOn = await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', {
      calendarEventId: eventId,
      patientId: ids.bob,
    });
    expect(notOn.statusCode).toBe(404);
    expect(notOn.json().message).toBe('That client is not on this appointment.');
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (
        await owner2.post('/api/calendarEvent/togglePatientCheckedIn', {
          calendarEventId: eventId,
          patientId: ids.margaret,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await owner2.post('/api/calendarEvent/getAppointmentAttendeeDetails', {
          calendarEventId: eventId,
        })
      ).statusCode,
    ).toBe(404);
    const frontoffice = await signedIn(t.app, 'frontoffice');
    expect(
      (
        await frontoffice.post('/api/calendarEvent/togglePatientCheckedIn', {
          calendarEventId: eventId,
          patientId: ids.margaret,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', { calendarEventId: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await attendeeOf(eventId)).checkedInAt).toBeNull();
  });
});

describe('group appointments and POST /api/product/getProductsForGroupAttendee', () => {
  async function groupEvent(day: number): Promise<number> {
    const practiceId = await one(sql`select id from practices order by id limit 1`);
    const [event] = await t.app.db
      .insert(calendarEvents)
      .values({
        practiceId,
        therapistId: tid('therapist1'),
        type: 'appointment',
        startAt: new Date(past(day, 20)),
        endAt: new Date(past(day, 21)),
        locationId: ids.location,
        groupClientId: ids.group,
      })
      .returning({ id: calendarEvents.id });
    const eventId = event?.id ?? 0;
    await t.app.db
      .insert(calendarEventAttendees)
      .values(ids.members.map((clientId) => ({ eventId, clientId, productId: ids.groupProduct })));
    return eventId;
  }

  it('lists every member as an attendee with the group, and offers only group services', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const eventId = await groupEvent(12);
    const response = await details(therapist, eventId, 0);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.group).toEqual({
      userId: ids.group,
      name: 'Tuesday Anxiety Group',
      missingGroupInitials: false,
    });
    expect(data.clientId).toBe(ids.group);
    expect(data.attendees.map((a: { patientId: number }) => a.patientId)).toEqual(ids.members);
    expect(data.attendees.every((a: { isPatient: boolean }) => a.isPatient)).toBe(true);
    expect(data.productOptions.map((p: { sku: string }) => p.sku)).toEqual(['90853']);
    // One row for the read, naming every member and the group.
    const audited = await rowsOf<{ patient_ids: number[] }>(
      t.app.db,
      sql`select patient_ids from audit_log
          where action = 'client.appointment_details_read' and detail->>'eventId' = ${String(eventId)}
          order by id desc limit 1`,
    );
    expect([...(audited[0]?.patient_ids ?? [])].sort((a, b) => a - b)).toEqual(
      [ids.group, ...ids.members].sort((a, b) => a - b),
    );

    // Each member's attendance is their own.
    const [first, second] = data.attendees as { calendarEventAttendeeId: number }[];
    await save(therapist, first?.calendarEventAttendeeId ?? 0, { attended: 1 });
    await save(therapist, second?.calendarEventAttendeeId ?? 0, { attended: 0, noShow: 1 });
    const after = (await details(therapist, eventId, 0)).json().data.attendees;
    expect(
      after.map((a: { attended: boolean; noShow: boolean; attendanceUnknown: boolean }) => [
        a.attended,
        a.noShow,
        a.attendanceUnknown,
      ]),
    ).toEqual([
      [true, false, false],
      [false, true, false],
      ...ids.members.slice(2).map(() => [false, false, true]),
    ]);
  });

  it('answers group products for attended, not attended and the group default', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    await groupEvent(13);
    const response = await therapist.post('/api/product/getProductsForGroupAttendee', {
      groupId: ids.group,
      therapistId: tid('therapist1'),
    });
    expect(response.statusCode).toBe(200);
    const product = { productId: ids.groupProduct, name: expect.any(String), sku: '90853' };
    expect(response.json().data).toEqual({
      attended: [product],
      notAttended: [product],
      groupDefault: [product],
    });

    const notGroup = await therapist.post('/api/product/getProductsForGroupAttendee', {
      groupId: ids.margaret,
      therapistId: tid('therapist1'),
    });
    expect(notGroup.statusCode).toBe(404);
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect(
      (
        await therapist2.post('/api/product/getProductsForGroupAttendee', {
          groupId: ids.group,
          therapistId: tid('therapist1'),
        })
      ).statusCode,
    ).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (
        await owner2.post('/api/product/getProductsForGroupAttendee', {
          groupId: ids.group,
          therapistId: tid('owner2'),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('telehealth lobby in the details', () => {
  it('is open from 15 minutes before the start to 15 minutes after the end, with the room when configured', async () => {
    const start = t.clock.now();
    start.setUTCHours(start.getUTCHours() + 2, 0, 0, 0);
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, {
      eventDateTime: start.toISOString(),
      isTeletherapy: true,
      teletherapyPos: '10',
      practiceLocationId: null,
      allowDoubleBooking: true,
    });

    const before = (await details(scheduler, eventId, 0)).json().data.teletherapy;
    expect(before).toMatchObject({
      url: `/n/telehealth/${eventId}`,
      title: 'Telehealth session',
      isReady: false,
      status: 'before',
      roomUrl: null,
      roomConfigured: false,
      opensAt: new Date(start.getTime() - 15 * 60_000).toISOString(),
      closesAt: new Date(start.getTime() + 75 * 60_000).toISOString(),
    });
    expect(before.message).toMatch(
      /^The session opens 15 minutes before it starts\. It opens at \d{1,2}:\d{2} [AP]M on \d{2}\/\d{2}\/\d{4}\.$/,
    );

    t.clock.set(new Date(start.getTime() - 15 * 60_000));
    const open = await signedIn(withRoom, 'scheduler');
    const opened = (await details(open, eventId, 0)).json().data.teletherapy;
    expect(opened).toMatchObject({
      isReady: true,
      status: 'open',
      message: 'The session is open. Join when you are ready.',
      roomConfigured: true,
      roomUrl: `https://video.example.com/room/${eventId}?practice=riverbend`,
    });

    t.clock.set(new Date(start.getTime() + 75 * 60_000));
    const late = await signedIn(t.app, 'scheduler');
    expect((await details(late, eventId, 0)).json().data.teletherapy).toMatchObject({
      isReady: false,
      status: 'ended',
      message: 'This session has ended.',
    });
    t.clock.set(new Date());
  });
});

describe('meetings: getMeetingDetails, updateMeeting, deleteMeeting', () => {
  async function meeting(browser: Browser, over: Record<string, unknown> = {}) {
    const response = await browser.post('/api/calendar/createMeeting', {
      therapistId: tid('therapist1'),
      startDateTime: at(14, 15),
      duration: 60,
      eventName: 'Team meeting',
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.calendar_event_id as number;
  }

  it('reads, renames, moves and deletes a meeting', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const id = await meeting(therapist);
    const read = await therapist.get(`/api/calendar/getMeetingDetails/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      calendar_event_id: id,
      therapistId: tid('therapist1'),
      type: 'meeting',
      name: 'Team meeting',
      start: at(14, 15),
      end: at(14, 16),
      allDay: false,
      cancelled: false,
      editable: true,
    });

    const updated = await therapist.post('/api/calendar/updateMeeting', {
      calendar_event_id: id,
      eventName: 'Case review',
      startDateTime: at(14, 17),
      duration: 90,
      allDay: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Case review',
      start: at(14, 17),
      end: new Date(Date.parse(at(14, 17)) + 90 * 60_000).toISOString(),
    });
    expect(await lastAudit('calendar.meeting_updated')).toMatchObject({
      detail: { eventId: id },
    });

    // All day: midnight to midnight in the practice's zone (New York, summer: UTC-4).
    const allDay = await therapist.post('/api/calendar/updateMeeting', {
      calendar_event_id: id,
      eventName: '',
      startDateTime: at(14, 17),
      duration: 60,
      allDay: 1,
    });
    expect(allDay.json().data).toMatchObject({
      name: 'Meeting / Busy',
      allDay: true,
      start: at(14, 4),
      end: at(15, 4),
    });

    const deleted = await therapist.post('/api/calendar/deleteMeeting', { calendar_event_id: id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ status: 'success' });
    const left = await t.app.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    expect(left).toEqual([]);
    expect(await lastAudit('calendar.meeting_deleted')).toMatchObject({
      detail: { eventId: id },
    });
    expect((await therapist.get(`/api/calendar/getMeetingDetails/${id}`)).statusCode).toBe(404);
  });

  it('answers 409 when the new time is taken and changes nothing', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const first = await meeting(scheduler, { startDateTime: at(15, 13) });
    await meeting(scheduler, { startDateTime: at(15, 15), eventName: 'Supervision' });
    const clash = await scheduler.post('/api/calendar/updateMeeting', {
      calendar_event_id: first,
      eventName: 'Team meeting',
      startDateTime: at(15, 15),
      duration: 30,
      allDay: false,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SLOT_TAKEN);
    const [row] = await t.app.db
      .select({ startAt: calendarEvents.startAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, first));
    expect(row?.startAt.toISOString()).toBe(at(15, 13));
  });

  it('refuses appointments, holidays, other practices, colleagues and front office', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventId } = await book(scheduler, { eventDateTime: at(16, 14) });
    expect((await scheduler.get(`/api/calendar/getMeetingDetails/${eventId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await scheduler.post('/api/calendar/deleteMeeting', { calendar_event_id: eventId }))
        .statusCode,
    ).toBe(404);
    expect(
      await t.app.db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId)),
    ).toHaveLength(1);

    const practiceId = await one(sql`select id from practices order by id limit 1`);
    const [holiday] = await t.app.db
      .insert(calendarEvents)
      .values({
        practiceId,
        therapistId: tid('therapist1'),
        type: 'holiday',
        name: 'Independence Day',
        startAt: new Date(at(32, 4)),
        endAt: new Date(at(33, 4)),
        allDay: true,
      })
      .returning({ id: calendarEvents.id });
    const holidayRead = await scheduler.get(`/api/calendar/getMeetingDetails/${holiday?.id}`);
    expect(holidayRead.json().data).toMatchObject({ type: 'holiday', editable: false });
    expect(
      (await scheduler.post('/api/calendar/deleteMeeting', { calendar_event_id: holiday?.id }))
        .statusCode,
    ).toBe(400);

    const id = await meeting(scheduler, { startDateTime: at(16, 18) });
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await owner2.get(`/api/calendar/getMeetingDetails/${id}`)).statusCode).toBe(404);
    expect(
      (await owner2.post('/api/calendar/deleteMeeting', { calendar_event_id: id })).statusCode,
    ).toBe(404);
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect((await therapist2.get(`/api/calendar/getMeetingDetails/${id}`)).statusCode).toBe(403);
    const frontoffice = await signedIn(t.app, 'frontoffice');
    const readOnly = await frontoffice.get(`/api/calendar/getMeetingDetails/${id}`);
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json().data.editable).toBe(false);
    expect(
      (await frontoffice.post('/api/calendar/deleteMeeting', { calendar_event_id: id })).statusCode,
    ).toBe(403);
    expect(
      (
        await scheduler.post('/api/calendar/updateMeeting', {
          calendar_event_id: id,
          startDateTime: 'tomorrow',
        })
      ).statusCode,
    ).toBe(400);
    const still = await t.app.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.name, 'Team meeting')));
    expect(still).toHaveLength(1);
  });
});
