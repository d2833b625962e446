import { addIsoDays, formatZonedTime } from '@openpractice/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { outboundEmails, selfBookingRequests } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Booking where people are (issue 15 items 6 and 8): the emails of online
 * booking say the practice's zone by name ('9:00 AM Pacific' for a practice
 * in Los Angeles), and staff who answer requests see how many wait beside
 * "Booking requests" in the navigation, their own only for a therapist, the
 * count moving as requests are answered. The clock is in 2032, after the
 * demo's calendar, so the demo's weekly hours are all open.
 */

const LA = 'America/Los_Angeles';
let t: TestApp;
let p1: number;
const tid: Record<string, number> = {};
let keyCounter = 0;

type NavItem = { id: string; badge?: number; badgeLabel?: string; children?: NavItem[] };

async function bookingRequestsItem(browser: Browser): Promise<NavItem | undefined> {
  const response = await browser.get('/api/dashboard/main/navigation?refreshNotifications=true');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ main: NavItem[] }>().main.find((i) => i.id === 'booking-requests');
}

const pendingCount = async (therapistId?: number) =>
  (
    await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from self_booking_requests
          where practice_id = ${p1} and status = 'PENDING'
            ${therapistId === undefined ? sql`` : sql`and therapist_id = ${therapistId}`}`,
    )
  )[0]?.n ?? 0;

/** A visitor's request for the first open time with the therapist that day; its request id and start. */
async function visitorRequest(therapist: string, day: string, name: string) {
  const visitor = new Browser(t.app);
  const slots = await visitor.get(
    `/api/public/findYourTherapist/slots?therapistId=${tid[therapist]}&start=${day}&end=${addIsoDays(day, 1)}`,
  );
  expect(slots.statusCode, slots.body).toBe(200);
  const [slot] = slots.json<{ data: { start: string; end: string }[] }>().data;
  if (!slot) throw new Error(`no open time on ${day}`);
  const email = `${name.toLowerCase()}@example.com`;
  const response = await visitor.post('/api/public/selfSchedule/book', {
    therapistId: tid[therapist],
    start: slot.start,
    end: slot.end,
    mode: 'inPerson',
    idempotencyKey: `zones-${keyCounter++}-${Date.now()}`,
    firstName: name,
    lastName: 'Westcoast',
    email,
    phone: '2075550111',
    dob: '1988-08-08',
    reasonForAppointment: 'Would like help with stress.',
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await t.app.db
    .select({ id: selfBookingRequests.id })
    .from(selfBookingRequests)
    .where(eq(selfBookingRequests.email, email));
  return { requestId: row?.id ?? 0, start: slot.start, email };
}

async function lastEmailTo(recipient: string) {
  const [mail] = await t.app.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.recipient, recipient))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  return mail;
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  p1 =
    (await rowsOf<{ id: number }>(t.app.db, sql`select id from practices order by id`))[0]?.id ?? 0;
  // The first practice keeps its hours on Los Angeles clocks for this file.
  await t.app.db.execute(sql`update practices set timezone = ${LA} where id = ${p1}`);
  for (const row of await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  )) {
    tid[row.username] = row.id;
  }
});
afterAll(() => t.close());

describe('booking emails say the practice’s zone', () => {
  it('the request received, its confirmation and a decline name the time as Pacific', async () => {
    const first = await visitorRequest('therapist2', '2032-02-03', 'Wendy');
    const time = `${formatZonedTime(first.start, LA)} Pacific`;
    const received = await lastEmailTo(first.email);
    expect(received?.subject).toBe('We received your appointment request');
    expect(received?.body).toContain(`When: Tuesday, February 3, 2032 at ${time}`);

    const scheduler = await signedIn(t.app, 'scheduler');
    const confirmed = await scheduler.post('/api/selfSchedule/confirmRequest', {
      requestId: first.requestId,
      newClient: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmation = await lastEmailTo(first.email);
    expect(confirmation?.subject).toBe('Your appointment is confirmed');
    expect(confirmation?.body).toContain(`at ${time}`);

    const second = await visitorRequest('therapist2', '2032-02-04', 'Walter');
    const declined = await scheduler.post('/api/selfSchedule/declineRequest', {
      requestId: second.requestId,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const decline = await lastEmailTo(second.email);
    expect(decline?.subject).toBe('Your appointment request was declined');
    expect(decline?.body).toContain(`at ${formatZonedTime(second.start, LA)} Pacific`);
    expect(decline?.body).not.toMatch(/\((EST|PST|PDT)\)/);
  });
});

describe('the pending count beside Booking requests', () => {
  it('counts the practice’s for a scheduler and moves as requests are answered', async () => {
    const a = await visitorRequest('therapist2', '2032-02-05', 'Petra');
    await visitorRequest('therapist3', '2032-02-05', 'Paolo');
    const scheduler = await signedIn(t.app, 'scheduler');
    const before = await pendingCount();
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await bookingRequestsItem(scheduler)).toMatchObject({
      badge: before,
      badgeLabel: `${before} pending`,
    });

    const declined = await scheduler.post('/api/selfSchedule/declineRequest', {
      requestId: a.requestId,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await bookingRequestsItem(scheduler))?.badge).toBe(before - 1);
  });

  it('counts only their own for a therapist, and shows no count when none wait', async () => {
    const daniel = await signedIn(t.app, 'therapist2');
    const own = await pendingCount(tid.therapist2);
    expect(own).toBeLessThan(await pendingCount());
    const item = await bookingRequestsItem(daniel);
    if (own === 0) expect(item?.badge).toBeUndefined();
    else expect(item).toMatchObject({ badge: own, badgeLabel: `${own} pending` });

    const theresa = await signedIn(t.app, 'therapist1');
    expect(await pendingCount(tid.therapist1)).toBe(0);
    const none = await bookingRequestsItem(theresa);
    expect(none).toBeDefined();
    expect(none?.badge).toBeUndefined();
    expect(none?.badgeLabel).toBeUndefined();
  });

  it('is not offered to staff who cannot answer requests, nor counted for another practice', async () => {
    expect(await bookingRequestsItem(await signedIn(t.app, 'biller'))).toBeUndefined();
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await bookingRequestsItem(owner2))?.badge).toBeUndefined();
  });
});
