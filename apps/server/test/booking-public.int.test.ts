import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  clientEmails,
  clients,
  outboundEmails,
  selfBookingRequests,
} from '../src/db/schema/index.ts';
import {
  IDEMPOTENCY_KEY_REUSED,
  NOT_ACCEPTING_NEW_CLIENTS,
  PRACTICE_DIRECTORY_NOT_FOUND,
  RANGE_TOO_LONG,
  SLOT_JUST_TAKEN,
  SLOT_NOT_OPEN,
  TELEHEALTH_NOT_OFFERED,
  THERAPIST_NOT_FOUND,
} from '../src/modules/booking/messages.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * The public directory and self-booking (issue 6 items 3–5). The clock is
 * set to 2032, long after the seeded calendar, so every weekday hour of the
 * demo availability (Mon–Fri 9–17, online, every 60 minutes) is open; New
 * York is on standard time (UTC−5) in the weeks used here.
 */

let t: TestApp;
let p1: number;
let p2: number;
const tid: Record<string, number> = {};
let visitor: Browser;

/** 9:00 in New York on a day of early 2032 (UTC−5), plus hours. */
const ny = (day: string, hour = 9, minute = 0) =>
  new Date(
    Date.parse(
      `${day}T${String(hour + 5).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
    ),
  ).toISOString();

const MONDAY = '2032-02-02';
const NEXT_MONDAY = '2032-02-09';

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${keyCounter++}`;

const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Vera',
  lastName: 'Visitor',
  email: 'vera.visitor@example.com',
  phone: '(207) 555-0190',
  dob: '1990-05-17',
  reasonForAppointment: 'Feeling anxious at work and not sleeping well.',
  ...overrides,
});

async function book(body: Record<string, unknown>, browser = visitor) {
  return browser.post('/api/public/selfSchedule/book', {
    therapistId: tid.therapist2,
    mode: 'inPerson',
    idempotencyKey: newKey(),
    ...person(),
    ...body,
  });
}

async function slots(query: string) {
  return visitor.get(`/api/public/findYourTherapist/slots?${query}`);
}

type Profile = {
  therapistId: number;
  bio: string | null;
  practiceId: number;
  displayName: string;
  specialties: string[];
  telehealth: boolean;
  inPerson: boolean;
  acceptingNewClients: boolean;
  locations: { id: number; name: string }[];
  insuranceAccepted: { id: number; name: string }[];
};

async function search(query = ''): Promise<Profile[]> {
  const response = await visitor.get(`/api/public/findYourTherapist/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Profile[] }>().data;
}

const namesOf = (rows: Profile[]) => rows.map((r) => r.displayName);

async function setSettings(body: Record<string, unknown>) {
  const owner = await signedIn(t.app, 'owner');
  const response = await owner.post('/api/selfSchedule/settings', body);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  const practices = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select id from practices order by id`,
  );
  p1 = practices[0]?.id ?? 0;
  p2 = practices[1]?.id ?? 0;
  for (const row of await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  )) {
    tid[row.username] = row.id;
  }
  visitor = new Browser(t.app);
});
afterAll(() => t.close());

describe('GET /api/public/findYourTherapist/search', () => {
  it('lists the listed therapists of practices with a directory, without signing in', async () => {
    const rows = await search();
    expect(namesOf(rows)).toEqual([
      'Daniel Okafor, LCSW',
      'Samuel Ortiz, LPC',
      'Theresa Quinn, PsyD',
      'Priya Raman, LMFT',
      'Nora Second, LMHC',
    ]);
    const daniel = rows[0];
    expect(daniel).toMatchObject({
      therapistId: tid.therapist2,
      practiceId: p1,
      practiceName: 'Riverbend Counseling Collective',
      firstName: 'Daniel',
      lastName: 'Okafor',
      credentials: 'LCSW',
      photoUrl: null,
      specialties: ['Trauma/PTSD', 'Grief', 'Anxiety', 'Life transitions'],
      acceptingNewClients: true,
      telehealth: true,
      inPerson: true,
      locations: [expect.objectContaining({ name: 'Main Office', city: 'Portland', state: 'ME' })],
      insuranceAccepted: [
        { id: expect.any(Number), name: 'Aetna' },
        { id: expect.any(Number), name: 'Cigna' },
        { id: expect.any(Number), name: 'UnitedHealthcare' },
      ],
      timezone: 'America/New_York',
    });
    expect(daniel?.bio).toMatch(/trauma/i);
    // Nothing else: professional facts only, never a client's.
    expect(Object.keys(daniel ?? {}).sort()).toEqual(
      [
        'therapistId',
        'practiceId',
        'practiceName',
        'firstName',
        'lastName',
        'credentials',
        'displayName',
        'photoUrl',
        'bio',
        'specialties',
        'acceptingNewClients',
        'telehealth',
        'inPerson',
        'locations',
        'insuranceAccepted',
        'timezone',
      ].sort(),
    );
  });

  it('filters by name, specialty, telehealth, insurance, location, practice and new clients', async () => {
    expect(namesOf(await search('text=okafor'))).toEqual(['Daniel Okafor, LCSW']);
    expect(namesOf(await search('text=daniel%20lcsw'))).toEqual(['Daniel Okafor, LCSW']);
    expect(namesOf(await search('text=%25'))).toEqual([]);
    expect(namesOf(await search('specialty=couples'))).toEqual(['Priya Raman, LMFT']);
    expect(namesOf(await search('specialty=Anxiety'))).toEqual([
      'Daniel Okafor, LCSW',
      'Theresa Quinn, PsyD',
      'Nora Second, LMHC',
    ]);
    // therapist3 sees clients in person only.
    expect(namesOf(await search('telehealth=true'))).not.toContain('Priya Raman, LMFT');
    expect(namesOf(await search('insurance=medicare'))).toEqual([
      'Samuel Ortiz, LPC',
      'Theresa Quinn, PsyD',
    ]);
    const [daniel] = await search('text=okafor');
    const cigna = daniel?.insuranceAccepted.find((i) => i.name === 'Cigna');
    expect(namesOf(await search(`insurance=${cigna?.id}`))).toEqual([
      'Daniel Okafor, LCSW',
      'Samuel Ortiz, LPC',
      'Priya Raman, LMFT',
    ]);
    expect(namesOf(await search('acceptingNewClients=true'))).not.toContain('Samuel Ortiz, LPC');
    expect(namesOf(await search(`practiceId=${p2}`))).toEqual(['Nora Second, LMHC']);
    const mainOffice = daniel?.locations[0]?.id;
    expect(namesOf(await search(`locationId=${mainOffice}`))).toHaveLength(4);
    expect(namesOf(await search('city=portland&state=me'))).toHaveLength(5);
    expect(namesOf(await search('city=Boston'))).toEqual([]);
  });

  it('pages with hasMore', async () => {
    const response = await visitor.get('/api/public/findYourTherapist/search?limit=2&offset=2');
    expect(response.json()).toMatchObject({ limit: 2, offset: 2, hasMore: true });
    expect(response.json().data).toHaveLength(2);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['limit=0', 'limit=500', 'practiceId=abc', 'telehealth=maybe']) {
      const response = await visitor.get(`/api/public/findYourTherapist/search?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/public/findYourTherapist/filters and /therapist', () => {
  it('offers the specialties, locations, payers and practices the listed therapists have', async () => {
    const response = await visitor.get('/api/public/findYourTherapist/filters');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.practices.map((p: { name: string }) => p.name)).toEqual([
      'Harbor Light Therapy',
      'Riverbend Counseling Collective',
    ]);
    expect(data.specialties).toEqual(expect.arrayContaining(['Anxiety', 'Couples', 'Grief']));
    expect(data.insurances).toContain('Medicare Maine');
    const own = await visitor.get(`/api/public/findYourTherapist/filters?practiceId=${p2}`);
    expect(own.json().data.practices).toEqual([{ id: p2, name: 'Harbor Light Therapy' }]);
  });

  it("answers one listed therapist's profile with the default service length, and 404 otherwise", async () => {
    const response = await visitor.get(
      `/api/public/findYourTherapist/therapist?therapistId=${tid.therapist2}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      displayName: 'Daniel Okafor, LCSW',
      defaultDurationMinutes: 45,
    });
    for (const id of [tid.therapist5, 999_999]) {
      const missing = await visitor.get(
        `/api/public/findYourTherapist/therapist?therapistId=${id}`,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(THERAPIST_NOT_FOUND);
    }
  });

  it('hides a practice whose directory is off: search, filters, profile and slots', async () => {
    await setSettings({ publicDirectoryEnabled: false });
    try {
      expect(namesOf(await search())).toEqual(['Nora Second, LMHC']);
      const filters = await visitor.get(`/api/public/findYourTherapist/filters?practiceId=${p1}`);
      expect(filters.statusCode).toBe(404);
      expect(filters.json().message).toBe(PRACTICE_DIRECTORY_NOT_FOUND);
      const profile = await visitor.get(
        `/api/public/findYourTherapist/therapist?therapistId=${tid.therapist2}`,
      );
      expect(profile.statusCode).toBe(404);
      const open = await slots(`therapistId=${tid.therapist2}&start=${MONDAY}&end=${NEXT_MONDAY}`);
      expect(open.statusCode).toBe(404);
    } finally {
      await setSettings({ publicDirectoryEnabled: true });
    }
  });
});

describe('GET /api/public/findYourTherapist/slots', () => {
  it("offers a week of open online slots of the practice's default length (45 minutes)", async () => {
    const response = await slots(
      `therapistId=${tid.therapist2}&start=${MONDAY}&end=${NEXT_MONDAY}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      therapistId: tid.therapist2,
      timezone: 'America/New_York',
      durationMinutes: 45,
      start: ny(MONDAY, 0),
      acceptingNewClients: true,
    });
    // 9:00 to 16:00 each weekday (a 45-minute slot must end by 17:00): 8 a day, 5 days.
    expect(body.data).toHaveLength(40);
    expect(body.data[0]).toEqual({
      start: ny(MONDAY, 9),
      end: ny(MONDAY, 9, 45),
      inPerson: true,
      telehealth: true,
      location: { id: expect.any(Number), name: 'Main Office' },
    });
    const hourly = await slots(
      `therapistId=${tid.therapist2}&start=${MONDAY}&end=2032-02-03&duration=60`,
    );
    expect(hourly.json().data).toHaveLength(8);
    expect(hourly.json().data.at(-1).end).toBe(ny(MONDAY, 17));
  });

  it('offers only in-person slots of a therapist without telehealth, and none of one not taking clients', async () => {
    const priya = await slots(`therapistId=${tid.therapist3}&start=${MONDAY}&end=2032-02-03`);
    expect(priya.json().data.every((s: { telehealth: boolean }) => !s.telehealth)).toBe(true);
    const video = await slots(
      `therapistId=${tid.therapist3}&start=${MONDAY}&end=2032-02-03&mode=telehealth`,
    );
    expect(video.json().data).toEqual([]);
    const samuel = await slots(`therapistId=${tid.therapist4}&start=${MONDAY}&end=2032-02-03`);
    expect(samuel.json()).toMatchObject({ acceptingNewClients: false, data: [] });
  });

  it('refuses windows over 7 days or reversed, and unlisted therapists', async () => {
    const long = await slots(`therapistId=${tid.therapist2}&start=${MONDAY}&end=2032-02-10`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(RANGE_TOO_LONG);
    const reversed = await slots(
      `therapistId=${tid.therapist2}&start=${NEXT_MONDAY}&end=${MONDAY}`,
    );
    expect(reversed.statusCode).toBe(400);
    const hidden = await slots(`therapistId=${tid.therapist5}&start=${MONDAY}&end=${NEXT_MONDAY}`);
    expect(hidden.statusCode).toBe(404);
    const bad = await slots(`therapistId=${tid.therapist2}&start=soon&end=${NEXT_MONDAY}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/public/selfSchedule/book', () => {
  it('books a request (the practice confirms later): held appointment, no client, email', async () => {
    const start = ny('2032-02-03', 10);
    const response = await book({ start, idempotencyKey: 'first-booking-key' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({
      status: 'PENDING',
      practiceName: 'Riverbend Counseling Collective',
      therapistName: 'Daniel Okafor, LCSW',
      start,
      end: ny('2032-02-03', 10, 45),
      isTelehealth: false,
      location: expect.objectContaining({ name: 'Main Office' }),
      timezone: 'America/New_York',
      confirmationEmail: 'logged',
    });

    const [request] = await t.app.db
      .select()
      .from(selfBookingRequests)
      .where(eq(selfBookingRequests.idempotencyKey, 'first-booking-key'));
    expect(request).toMatchObject({
      practiceId: p1,
      therapistId: tid.therapist2,
      status: 'PENDING',
      firstName: 'Vera',
      email: 'vera.visitor@example.com',
      dob: '1990-05-17',
      bookedByUserId: null,
    });
    const [event] = await t.app.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, request?.calendarEventId ?? 0));
    expect(event).toMatchObject({
      type: 'appointment',
      therapistId: tid.therapist2,
      awaitingConfirmation: true,
      isTelehealth: false,
      cancelledAt: null,
    });
    expect(event?.locationId).not.toBeNull();
    // Nobody's yet: no attendee, no client, until staff say who the visitor is.
    expect(request?.clientId).toBeNull();
    expect(event?.name).toBe('Online booking request');
    const attendees = await t.app.db
      .select()
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, event?.id ?? 0));
    expect(attendees).toEqual([]);
    const made = await t.app.db
      .select()
      .from(clients)
      .where(and(eq(clients.firstName, 'Vera'), eq(clients.lastName, 'Visitor')));
    expect(made).toEqual([]);

    const [mail] = await t.app.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, 'vera.visitor@example.com'))
      .orderBy(desc(outboundEmails.id));
    expect(mail).toMatchObject({
      clientId: null,
      subject: 'We received your appointment request',
      status: 'logged',
    });
    expect(mail?.body).toContain('Tuesday, February 3, 2032 at 10:00 AM Eastern');
    expect(mail?.body).toContain('Daniel Okafor, LCSW');
    expect(mail?.body).not.toContain('anxious');

    // The slot is gone for the next visitor, and the therapist sees the appointment at once.
    const after = await slots(`therapistId=${tid.therapist2}&start=2032-02-03&end=2032-02-04`);
    expect(after.json().data.map((s: { start: string }) => s.start)).not.toContain(start);
    const therapist = await signedIn(t.app, 'therapist2');
    const calendar = await therapist.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${tid.therapist2}&start=2032-02-03&end=2032-02-04`,
    );
    expect(calendar.statusCode).toBe(200);
    const shown = calendar
      .json()
      .data.find((e: { calendar_event_id: number }) => e.calendar_event_id === event?.id);
    expect(shown).toMatchObject({
      patient_first_name: null,
      user_id_patient: null,
      awaitingConfirmation: true,
    });
  });

  it('answers a repeated booking key with the first result and books nothing more', async () => {
    const start = ny('2032-02-03', 11);
    const first = await book({ start, idempotencyKey: 'repeat-key-123' });
    expect(first.statusCode).toBe(201);
    const again = await book({ start, idempotencyKey: 'repeat-key-123' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ ...first.json().data, confirmationEmail: null });
    const rows = await t.app.db
      .select()
      .from(selfBookingRequests)
      .where(eq(selfBookingRequests.idempotencyKey, 'repeat-key-123'));
    expect(rows).toHaveLength(1);
    const other = await book({ start: ny('2032-02-03', 12), idempotencyKey: 'repeat-key-123' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
  });

  it('refuses a taken slot, a time off the grid and a past time with 409', async () => {
    const taken = await book({ start: ny('2032-02-03', 10), firstName: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: SLOT_JUST_TAKEN, field: 'start' });
    const offGrid = await book({ start: ny('2032-02-03', 13, 30) });
    expect(offGrid.statusCode).toBe(409);
    expect(offGrid.json().message).toBe(SLOT_NOT_OPEN);
    const weekend = await book({ start: ny('2032-02-07', 10) });
    expect(weekend.json().message).toBe(SLOT_NOT_OPEN);
    const past = await book({ start: ny('2032-01-29', 10) });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe(SLOT_NOT_OPEN);
  });

  it('books telehealth without a location where the therapist offers it, and refuses it otherwise', async () => {
    const start = ny('2032-02-04', 9);
    const video = await book({ start, mode: 'telehealth' });
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().data).toMatchObject({ isTelehealth: true, location: null });
    const [event] = await rowsOf<{ isTelehealth: boolean; locationId: number | null; pos: string }>(
      t.app.db,
      sql`select is_telehealth as "isTelehealth", location_id as "locationId", telehealth_pos as pos
          from calendar_events where therapist_id = ${tid.therapist2} and start_at = ${start}::timestamptz
            and cancelled_at is null`,
    );
    expect(event).toEqual({ isTelehealth: true, locationId: null, pos: '02' });
    const priya = await book({ therapistId: tid.therapist3, start, mode: 'telehealth' });
    expect(priya.statusCode).toBe(400);
    expect(priya.json().message).toBe(TELEHEALTH_NOT_OFFERED);
  });

  it('refuses therapists who are not listed or not taking new clients', async () => {
    const hidden = await book({ therapistId: tid.therapist5, start: ny('2032-02-04', 10) });
    expect(hidden.statusCode).toBe(404);
    const samuel = await book({ therapistId: tid.therapist4, start: ny('2032-02-04', 10) });
    expect(samuel.statusCode).toBe(409);
    expect(samuel.json().message).toBe(NOT_ACCEPTING_NEW_CLIENTS);
  });

  it('never matches, links or changes a client at booking, and answers alike either way', async () => {
    const margaret = {
      firstName: 'margaret',
      lastName: 'HAMILTON',
      email: 'Margaret.Hamilton@example.com',
      dob: '1985-06-15',
    };
    const [existing] = await t.app.db
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(clientEmails, eq(clientEmails.clientId, clients.id))
      .where(and(eq(clients.firstName, 'Margaret'), eq(clients.lastName, 'Hamilton')));
    const matched = await book({ start: ny('2032-02-04', 11), ...margaret });
    const stranger = await book({
      start: ny('2032-02-04', 12),
      ...margaret,
      email: 'someone.else@example.com',
    });
    expect(matched.statusCode).toBe(201);
    expect(stranger.statusCode).toBe(201);
    // The same answer either way: nothing tells whether Margaret is a client.
    expect(Object.keys(matched.json().data)).toEqual(Object.keys(stranger.json().data));
    const requests = await rowsOf<{ clientId: number | null }>(
      t.app.db,
      sql`select client_id as "clientId" from self_booking_requests
          where lower(last_name) = 'hamilton' order by start_at`,
    );
    expect(requests).toEqual([{ clientId: null }, { clientId: null }]);
    const links = await rowsOf<{ therapistId: number }>(
      t.app.db,
      sql`select therapist_id as "therapistId" from client_therapists where client_id = ${existing?.id ?? 0}`,
    );
    expect(links.map((l) => l.therapistId)).not.toContain(tid.therapist2);
  });

  it('validates every field with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '  ' }, 'firstName', 'This is required.'],
      [{ lastName: undefined }, 'lastName', 'This is required.'],
      [
        { email: 'not-an-email' },
        'email',
        'Please enter a valid e-mail address, e.g. name@example.com',
      ],
      [
        { phone: '555-12' },
        'phone',
        'Please enter phone number in valid format, e.g. (888) 555-1212',
      ],
      [{ dob: '05/17/1990' }, 'dob', 'Please enter a valid date, e.g. 01/05/1995.'],
      [{ dob: '2033-01-01' }, 'dob', 'Please enter a date on or before 01/30/2032.'],
      // Before 1900 the platform's input guard answers first (any route, its own message).
      [{ dob: '1850-01-01' }, 'dob', ''],
      [{ reasonForAppointment: '' }, 'reasonForAppointment', 'This is required.'],
      [{ firstName: 'x'.repeat(61) }, 'firstName', 'Please enter no more than 60 characters.'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey', ''],
      [{ mode: 'carrier-pigeon' }, 'mode', ''],
      [{ start: 'tomorrow' }, 'start', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await book({ start: ny('2032-02-05', 9), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
      if (message) expect(response.json().message).toContain(message);
    }
  });

  it('needs the CSRF token of the visitor', async () => {
    const response = await visitor.post(
      '/api/public/selfSchedule/book',
      {
        therapistId: tid.therapist2,
        start: ny('2032-02-05', 9),
        idempotencyKey: newKey(),
        ...person(),
      },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe('csrf-expired');
  });

  it("waits for staff even in the practice's instant mode: only staff say who a visitor is", async () => {
    await setSettings({ selfBookingMode: 'instant' });
    try {
      const start = ny('2032-02-05', 14);
      const response = await book({ start, email: 'ivan.instant@example.com', firstName: 'Ivan' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.status).toBe('PENDING');
      const [row] = await rowsOf<{ awaiting: boolean; status: string; decided: boolean }>(
        t.app.db,
        sql`select e.awaiting_confirmation as awaiting, r.status, r.decided_at is not null as decided
            from self_booking_requests r join calendar_events e on e.id = r.calendar_event_id
            where r.email = 'ivan.instant@example.com'`,
      );
      expect(row).toEqual({ awaiting: true, status: 'PENDING', decided: false });
      const [mail] = await t.app.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.recipient, 'ivan.instant@example.com'));
      expect(mail?.subject).toBe('We received your appointment request');
    } finally {
      await setSettings({ selfBookingMode: 'request' });
    }
  });

  it("books with the second practice's therapist in that practice only", async () => {
    const start = ny('2032-02-05', 10);
    const response = await book({
      therapistId: tid.owner2,
      start,
      email: 'harbor.visitor@example.com',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.practiceName).toBe('Harbor Light Therapy');
    const [row] = await rowsOf<{ practiceId: number; eventPractice: number }>(
      t.app.db,
      sql`select r.practice_id as "practiceId", e.practice_id as "eventPractice"
          from self_booking_requests r join calendar_events e on e.id = r.calendar_event_id
          where r.email = 'harbor.visitor@example.com'`,
    );
    expect(row).toEqual({ practiceId: p2, eventPractice: p2 });
  });
});

describe('racing for one slot', () => {
  const liveEventsAt = async (start: string) =>
    (
      await rowsOf<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from calendar_events
            where therapist_id = ${tid.therapist2} and start_at = ${start}::timestamptz and cancelled_at is null`,
      )
    )[0]?.n;

  it('gives the slot to exactly one of ten visitors; the others get 409', async () => {
    const start = ny('2032-02-06', 9);
    const browsers = Array.from({ length: 10 }, () => new Browser(t.app));
    for (const b of browsers) await b.refreshCsrf();
    const responses = await Promise.all(
      browsers.map((b, i) =>
        book({ start, firstName: `Racer${i}`, email: `racer${i}@example.com` }, b),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe(SLOT_JUST_TAKEN);
    expect(await liveEventsAt(start)).toBe(1);
    // The losers left nothing behind: one request for the slot, and no client at all.
    const racers = await rowsOf<{ requests: number; clients: number }>(
      t.app.db,
      sql`select (select count(*)::int from self_booking_requests where first_name like 'Racer%') as requests,
            (select count(*)::int from clients where first_name like 'Racer%') as clients`,
    );
    expect(racers[0]).toEqual({ requests: 1, clients: 0 });
  });

  it('books once when one booking is sent five times at once', async () => {
    const start = ny('2032-02-06', 10);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => book({ start, idempotencyKey: key })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await liveEventsAt(start)).toBe(1);
  });
});

describe('rate limit', () => {
  it('answers 429 once a visitor passes the per-minute limit', async () => {
    const limited = await testApp({ publicRateLimit: 3 });
    try {
      const browser = new Browser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await browser.get('/api/public/findYourTherapist/search')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
