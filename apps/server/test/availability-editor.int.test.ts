import { formatUsDate, zonedIsoDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * The availability editor's calls (docs/availability-api.md): spans, weekly
 * days, date exceptions, start over, the lookups around them, who may call
 * them, and how changes reach the calendar. Dates are far ahead (2031) so the
 * demo's own weeks stay as they are; each section works on its own therapist.
 */

let t: TestApp;
let ids: {
  therapist: Record<string, number>;
  practice1: number;
  practice2: number;
  mainOffice: number;
  westside: number;
  practice2Location: number;
};

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

beforeAll(async () => {
  t = await testApp();
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
    mainOffice: await one(sql`select id from locations where name = 'Main Office'`),
    westside: await one(sql`select id from locations where name = 'Westside Office'`),
    practice2Location: await one(sql`select id from locations where practice_id = ${practice2}`),
  };
});
afterAll(() => t.close());

const tid = (username: string): number => {
  const id = ids.therapist[username];
  if (!id) throw new Error(`no therapist ${username}`);
  return id;
};

const put = (browser: Browser, url: string, body: unknown) => browser.request('PUT', url, body);
const del = (browser: Browser, url: string) => browser.request('DELETE', url);

const day = (over: Record<string, unknown> = {}) => ({
  dayOfWeek: 6,
  practiceLocationId: ids.mainOffice,
  startTime: '10:00',
  endTime: '14:00',
  onlineScheduling: true,
  scheduleEvery: 60,
  inPersonEnabled: true,
  teletherapyEnabled: false,
  ...over,
});

const availabilityOn = async (browser: Browser, therapistId: number, start: string, end: string) =>
  (
    await browser.get(
      `/api/calendar/getTherapistAvailability?therapistIds=${therapistId}&start=${start}&end=${end}`,
    )
  ).json().data as {
    date: string;
    start_time: string;
    end_time: string;
    start_date_time: string;
    availability_day_id: number;
    availability_exception_id: number | null;
    practice_location_id: number | null;
  }[];

const versionOf = async (browser: Browser) =>
  (await browser.get('/api/calendar/changes')).json().data.version as number;

describe('GET /api/availability/editorContext', () => {
  it('lets a manager choose any active therapist of the practice', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get('/api/availability/editorContext');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      reach: 'practice',
      currentTherapistId: null,
      timezone: 'America/New_York',
      today: zonedIsoDate(t.clock.now(), 'America/New_York'),
    });
    expect(data.therapists.map((r: { id: number }) => r.id).sort()).toEqual(
      ['therapist1', 'therapist2', 'therapist3', 'therapist4', 'therapist5'].map(tid).sort(),
    );
  });

  it('gives a therapist only themselves', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const data = (await therapist.get('/api/availability/editorContext')).json().data;
    expect(data.reach).toBe('own');
    expect(data.currentTherapistId).toBe(tid('therapist2'));
    expect(data.therapists).toEqual([
      { id: tid('therapist2'), firstName: 'Daniel', lastName: 'Okafor', active: true },
    ]);
  });

  it.each(['scheduler', 'frontoffice', 'biller', 'staffadmin', 'client1'])(
    'refuses %s at the gate',
    async (username) => {
      const browser = await signedIn(t.app, username);
      const response = await browser.get('/api/availability/editorContext');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Permission denied');
    },
  );

  it('refuses anonymous callers', async () => {
    expect((await new Browser(t.app).get('/api/availability/editorContext')).statusCode).toBe(401);
  });
});

describe('reading spans', () => {
  it("answers a therapist's current span with its days (the seeded Monday to Friday)", async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.get('/api/availability/span');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.therapistId).toBe(tid('therapist1'));
    expect(data.span).toMatchObject({
      span_id: expect.any(Number),
      span_from: null,
      span_to: null,
      therapistId: tid('therapist1'),
    });
    expect(data.span.days.map((d: { dayOfWeek: number }) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
    expect(data.span.days[0]).toEqual({
      day_id: expect.any(Number),
      dayOfWeek: 1,
      practiceLocationId: ids.mainOffice,
      startTime: '09:00',
      endTime: '17:00',
      onlineScheduling: true,
      scheduleEvery: 60,
      inPersonEnabled: true,
      teletherapyEnabled: true,
      availabilitySpanId: data.span.span_id,
    });
  });

  it('lists every span with its day count and which one is current', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(
      `/api/availability/spanning?therapistId=${tid('therapist1')}`,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.spans).toEqual([
      {
        span_id: data.currentSpanId,
        span_from: null,
        span_to: null,
        therapistId: tid('therapist1'),
        dayCount: 5,
      },
    ]);
  });

  it('reads a span by id', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const current = (await therapist.get('/api/availability/span')).json().data.span;
    const response = await therapist.get(
      `/api/availability/getSpanById?span_id=${current.span_id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(current);
  });

  it('asks a manager who is not a therapist to choose one', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get('/api/availability/span');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Choose a therapist.', field: 'therapistId' });
  });

  it("refuses a therapist another therapist's availability with 403", async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const other = tid('therapist1');
    const spanId = (
      await (await signedIn(t.app, 'therapist1')).get('/api/availability/span')
    ).json().data.span.span_id;
    for (const path of [
      `/api/availability/span?therapistId=${other}`,
      `/api/availability/spanning?therapistId=${other}`,
      `/api/availability/getSpanById?span_id=${spanId}`,
      `/api/availability/listExceptions?therapistId=${other}`,
      `/api/availability/getTelehealthCapabilityForTherapist?therapistId=${other}`,
      `/api/availability/getTherapistLocationsThatClientsSee?therapistId=${other}`,
      `/api/availability/findProductsForClientByTherapistIds?therapistIds=${other}`,
    ]) {
      const response = await therapist.get(path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().message, path).toBe(
        'You can see and change only your own availability.',
      );
    }
  });

  it("answers 404 for another practice's therapist or span, and unknown ids", async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const spanId = (
      await (await signedIn(t.app, 'therapist1')).get('/api/availability/span')
    ).json().data.span.span_id;
    for (const path of [
      `/api/availability/span?therapistId=${tid('therapist1')}`,
      `/api/availability/getSpanById?span_id=${spanId}`,
      `/api/availability/span?therapistId=999999`,
    ]) {
      expect((await owner2.get(path)).statusCode, path).toBe(404);
    }
    const own = await owner2.get('/api/availability/span');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.therapistId).toBe(tid('owner2'));
  });
});

describe('changing spans (therapist4)', () => {
  let seeded: number;
  let future: number;

  it('refuses a span that overlaps the open-ended one, naming it', async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    seeded = (await therapist.get('/api/availability/span')).json().data.span.span_id;
    const response = await therapist.post('/api/availability/addSpan', {
      span_from: '2031-01-01',
      span_to: null,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "These dates overlap another availability span (No start date – No end date). Change that span's dates first.",
    );
  });

  it('ends the current span, then adds the next one from the following day', async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    const ended = await therapist.post('/api/availability/updateSpan', {
      span_id: seeded,
      span_from: null,
      span_to: '2030-12-31',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ span_id: seeded, span_to: '2030-12-31' });
    expect(ended.json().data.days).toHaveLength(5);

    const added = await therapist.post('/api/availability/addSpan', {
      span_from: '2031-01-01',
      span_to: '',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual({
      span_id: expect.any(Number),
      span_from: '2031-01-01',
      span_to: null,
      therapistId: tid('therapist4'),
      days: [],
    });
    future = added.json().data.span_id;

    const spans = (await therapist.get('/api/availability/spanning')).json().data;
    expect(spans.spans.map((s: { span_id: number }) => s.span_id)).toEqual([seeded, future]);
    expect(spans.currentSpanId).toBe(seeded);
  });

  it("shows each span's weekly pattern on the calendar only inside that span", async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    // Saturday 28 December 2030 to Friday 3 January 2031: the new span has no days yet.
    const blocks = await availabilityOn(therapist, tid('therapist4'), '2030-12-28', '2031-01-04');
    expect(blocks.map((b) => b.date)).toEqual(['2030-12-30', '2030-12-31']);
  });

  it.each([
    [
      'a reversed range',
      { span_from: '2031-02-01', span_to: '2031-01-01' },
      'span_to',
      'Please enter a date on or after 02/01/2031.',
    ],
    [
      'a date that does not exist',
      { span_from: '2031-02-30', span_to: null },
      'span_from',
      'Please enter a valid date or leave it empty.',
    ],
    [
      'a US date',
      { span_from: '02/01/2031', span_to: null },
      'span_from',
      'Please enter a valid date or leave it empty.',
    ],
  ])('400 for %s', async (_label, body, field, message) => {
    const therapist = await signedIn(t.app, 'therapist4');
    const response = await therapist.post('/api/availability/addSpan', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses a change that would overlap a neighbour', async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    const response = await therapist.post('/api/availability/updateSpan', {
      span_id: seeded,
      span_from: null,
      span_to: '2031-01-05',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('(01/01/2031 – No end date)');
  });

  it("refuses another therapist's span (403) and another practice's (404)", async () => {
    const colleague = await signedIn(t.app, 'therapist5');
    const refused = await colleague.post('/api/availability/updateSpan', {
      span_id: future,
      span_from: '2031-01-01',
      span_to: null,
    });
    expect(refused.statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (await owner2.post('/api/availability/removeSpan', { span_id: future })).statusCode,
    ).toBe(404);
  });

  it("lets a manager change any therapist's spans", async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/updateSpan', {
      span_id: future,
      span_from: '2031-01-01',
      span_to: '2031-12-31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.span_to).toBe('2031-12-31');
  });

  it('deletes a span with its days and answers its replacement (the span in force today)', async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    await therapist.post('/api/availability/createDay', {
      ...day(),
      availabilitySpanId: future,
    });
    const response = await therapist.post('/api/availability/removeSpan', { span_id: future });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      removedSpanId: future,
      replacement: {
        span_id: seeded,
        span_from: null,
        span_to: '2030-12-31',
        therapistId: tid('therapist4'),
      },
    });
    expect(
      (await therapist.get(`/api/availability/getSpanById?span_id=${future}`)).statusCode,
    ).toBe(404);
    const [left] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from availability_days where span_id = ${future}`,
    );
    expect(left?.n).toBe(0);
  });

  it('answers no replacement when the last span goes', async () => {
    const therapist = await signedIn(t.app, 'therapist4');
    const response = await therapist.post('/api/availability/removeSpan', { span_id: seeded });
    expect(response.json().data.replacement).toBeNull();
    expect((await therapist.get('/api/availability/span')).json().data.span).toBeNull();
  });
});

describe('weekly days (therapist3, who has no telehealth)', () => {
  let spanId: number;
  let saturday: number;

  it('adds a Saturday to the current span and shows it on the calendar at once', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    spanId = (await therapist.get('/api/availability/span')).json().data.span.span_id;
    const before = await versionOf(therapist);
    const response = await therapist.post('/api/availability/createDay', {
      ...day({ teletherapyEnabled: false }),
      availabilitySpanId: spanId,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.createdSpan).toBe(false);
    expect(data.day).toEqual({
      day_id: expect.any(Number),
      dayOfWeek: 6,
      practiceLocationId: ids.mainOffice,
      startTime: '10:00',
      endTime: '14:00',
      onlineScheduling: true,
      scheduleEvery: 60,
      inPersonEnabled: true,
      teletherapyEnabled: false,
      availabilitySpanId: spanId,
    });
    expect(data.span.days).toHaveLength(6);
    saturday = data.day.day_id;
    expect(await versionOf(therapist)).toBeGreaterThan(before);
    // Saturday 8 March 2031, 10:00 in New York is 15:00 UTC.
    const blocks = await availabilityOn(therapist, tid('therapist3'), '2031-03-08', '2031-03-09');
    expect(blocks).toEqual([
      expect.objectContaining({
        date: '2031-03-08',
        start_time: '10:00:00',
        end_time: '14:00:00',
        start_date_time: '2031-03-08T15:00:00.000Z',
        availability_day_id: saturday,
        availability_exception_id: null,
      }),
    ]);
  });

  it('refuses hours that overlap another block of that weekday, and accepts touching ones', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    const overlapping = await therapist.post('/api/availability/createDay', {
      ...day({ startTime: '13:00', endTime: '15:00' }),
      availabilitySpanId: spanId,
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe('This time overlaps Saturday 10:00 AM–2:00 PM.');
    const touching = await therapist.post('/api/availability/createDay', {
      ...day({ startTime: '14:00', endTime: '16:00' }),
      availabilitySpanId: spanId,
    });
    expect(touching.statusCode).toBe(201);
    expect(
      (
        await del(
          therapist,
          `/api/availability/deleteDay?day_id=${touching.json().data.day.day_id}`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'an end before the start',
      { startTime: '14:00', endTime: '10:00' },
      'endTime',
      'The end time must be after the start time.',
    ],
    [
      'an unreadable time',
      { startTime: '10 o clock' },
      'startTime',
      'Please enter a valid start time.',
    ],
    ['schedule every 0', { scheduleEvery: 0 }, 'scheduleEvery', 'Must be greater than 0'],
    [
      'schedule every over a day',
      { scheduleEvery: 2000 },
      'scheduleEvery',
      'Please enter no more than 1440 minutes.',
    ],
    [
      'neither in person nor telehealth',
      { inPersonEnabled: false },
      'inPersonEnabled',
      'Choose in person, telehealth or both.',
    ],
    [
      'in person without a location',
      { practiceLocationId: null },
      'practiceLocationId',
      'Choose a location for in-person availability.',
    ],
    [
      'telehealth without the capability',
      { teletherapyEnabled: true },
      'teletherapyEnabled',
      'This therapist does not offer telehealth.',
    ],
    ['weekday 7', { dayOfWeek: 7 }, 'dayOfWeek', 'Choose a day of the week.'],
    [
      "another practice's location",
      { practiceLocationId: -1 },
      'practiceLocationId',
      'Choose an active location of this practice.',
    ],
  ])('400 for %s', async (_label, over: Record<string, unknown>, field, message) => {
    const therapist = await signedIn(t.app, 'therapist3');
    const body = {
      ...day(over),
      ...(over.practiceLocationId === -1 ? { practiceLocationId: ids.practice2Location } : {}),
      availabilitySpanId: spanId,
    };
    const response = await therapist.post('/api/availability/createDay', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('changes a day', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    const response = await put(therapist, '/api/availability/updateDay', {
      ...day({ startTime: '08:30', endTime: '12:30', scheduleEvery: 45, onlineScheduling: false }),
      day_id: saturday,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      day_id: saturday,
      startTime: '08:30',
      endTime: '12:30',
      scheduleEvery: 45,
      onlineScheduling: false,
    });
  });

  it('refuses a change onto another block of that weekday', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    const response = await put(therapist, '/api/availability/updateDay', {
      ...day({ dayOfWeek: 1, startTime: '08:00', endTime: '10:00' }),
      day_id: saturday,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This time overlaps Monday 9:00 AM–5:00 PM.');
  });

  it("refuses another therapist's day (403) and unknown days (404)", async () => {
    const colleague = await signedIn(t.app, 'therapist2');
    expect(
      (await put(colleague, '/api/availability/updateDay', { ...day(), day_id: saturday }))
        .statusCode,
    ).toBe(403);
    expect(
      (await del(colleague, `/api/availability/deleteDay?day_id=${saturday}`)).statusCode,
    ).toBe(403);
    expect(
      (await put(colleague, '/api/availability/updateDay', { ...day(), day_id: 99999999 }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes a day and the calendar loses it', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    const response = await del(therapist, `/api/availability/deleteDay?day_id=${saturday}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ removedDayId: saturday, availabilitySpanId: spanId });
    expect(await availabilityOn(therapist, tid('therapist3'), '2031-03-08', '2031-03-09')).toEqual(
      [],
    );
    expect(
      (await del(therapist, `/api/availability/deleteDay?day_id=${saturday}`)).statusCode,
    ).toBe(404);
  });

  it('needs the CSRF token for changes', async () => {
    const therapist = await signedIn(t.app, 'therapist3');
    const response = await therapist.request(
      'POST',
      '/api/availability/createDay',
      { ...day(), availabilitySpanId: spanId },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('start over and the first day (therapist5 through the manager)', () => {
  it('refuses start over without a therapist, and for a colleague', async () => {
    const manager = await signedIn(t.app, 'manager');
    expect((await del(manager, '/api/availability/startOver')).statusCode).toBe(400);
    const colleague = await signedIn(t.app, 'therapist2');
    const refused = await del(
      colleague,
      `/api/availability/startOver?therapistId=${tid('therapist5')}`,
    );
    expect(refused.statusCode).toBe(403);
    const [kept] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from availability_spans where therapist_id = ${tid('therapist5')}`,
    );
    expect(kept?.n).toBe(1);
  });

  it('clears every span, day and date exception of the therapist', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapistId = tid('therapist5');
    expect(
      (
        await manager.post('/api/availability/addException', {
          therapistId,
          date: '2031-05-05',
          kind: 'off',
        })
      ).statusCode,
    ).toBe(201);
    const response = await del(manager, `/api/availability/startOver?therapistId=${therapistId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ removedSpans: 1, removedExceptions: 1 });
    expect(
      (await manager.get(`/api/availability/spanning?therapistId=${therapistId}`)).json().data
        .spans,
    ).toEqual([]);
    expect(
      (await manager.get(`/api/availability/listExceptions?therapistId=${therapistId}`)).json().data
        .exceptions,
    ).toEqual([]);
    const [days] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from availability_days d join availability_spans s on s.id = d.span_id
          where s.therapist_id = ${therapistId}`,
    );
    expect(days?.n).toBe(0);
    // Other therapists keep theirs.
    expect(
      (await manager.get(`/api/availability/span?therapistId=${tid('therapist1')}`)).json().data
        .span,
    ).not.toBeNull();
  });

  it('saving a day with no span first creates an open-ended span', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapistId = tid('therapist5');
    const response = await manager.post('/api/availability/createDay', {
      ...day({ dayOfWeek: 2, startTime: '09:00', endTime: '12:00' }),
      therapistId,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.createdSpan).toBe(true);
    expect(data.span).toMatchObject({ span_from: null, span_to: null, therapistId });
    expect(data.span.days).toHaveLength(1);
    const current = (await manager.get(`/api/availability/span?therapistId=${therapistId}`)).json()
      .data.span;
    expect(current.span_id).toBe(data.span.span_id);
  });

  it('asks which span once the therapist has one', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/availability/createDay', {
      ...day({ dayOfWeek: 3 }),
      therapistId: tid('therapist5'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'availabilitySpanId',
      message: 'Choose the availability span this day belongs to.',
    });
  });

  it('records the changes in the audit log', async () => {
    const rows = await rowsOf<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where action like 'availability.%' order by id`,
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'availability.span_added',
      'availability.span_updated',
      'availability.span_removed',
      'availability.day_added',
      'availability.day_updated',
      'availability.day_removed',
      'availability.started_over',
      'availability.exception_added',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
  });
});

describe('PUT /api/availability/updateEmptySpanWithDays (therapist2)', () => {
  let empty: number;

  it('fills an empty span with a whole week in one go', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const current = (await therapist.get('/api/availability/span')).json().data.span;
    await therapist.post('/api/availability/updateSpan', {
      span_id: current.span_id,
      span_from: null,
      span_to: '2031-06-30',
    });
    empty = (
      await therapist.post('/api/availability/addSpan', { span_from: '2031-07-01', span_to: null })
    ).json().data.span_id;
    const response = await put(therapist, '/api/availability/updateEmptySpanWithDays', {
      span_id: empty,
      days: [
        day({ dayOfWeek: 1 }),
        day({ dayOfWeek: 1, startTime: '15:00', endTime: '18:00' }),
        day({
          dayOfWeek: 4,
          teletherapyEnabled: true,
          inPersonEnabled: false,
          practiceLocationId: null,
        }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.span_id).toBe(empty);
    expect(
      data.days.map((d: { dayOfWeek: number; startTime: string }) => [d.dayOfWeek, d.startTime]),
    ).toEqual([
      [1, '10:00'],
      [1, '15:00'],
      [4, '10:00'],
    ]);
  });

  it('refuses a span that already has days', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const response = await put(therapist, '/api/availability/updateEmptySpanWithDays', {
      span_id: empty,
      days: [day({ dayOfWeek: 2 })],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This availability span already has days.');
  });

  it('writes nothing when one day is wrong', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    const other = (
      await therapist.post('/api/availability/updateSpan', {
        span_id: empty,
        span_from: '2031-07-01',
        span_to: '2031-07-31',
      })
    ).json().data;
    const later = (
      await therapist.post('/api/availability/addSpan', { span_from: '2031-08-01', span_to: null })
    ).json().data.span_id;
    expect(other.days).toHaveLength(3);
    const overlapping = await put(therapist, '/api/availability/updateEmptySpanWithDays', {
      span_id: later,
      days: [day({ dayOfWeek: 2 }), day({ dayOfWeek: 2, startTime: '11:00', endTime: '12:00' })],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toMatchObject({
      field: 'days.1.startTime',
      message: 'This time overlaps Tuesday 10:00 AM–2:00 PM.',
    });
    const invalid = await put(therapist, '/api/availability/updateEmptySpanWithDays', {
      span_id: later,
      days: [day({ dayOfWeek: 2 }), day({ dayOfWeek: 3, endTime: '09:00' })],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('days.1.endTime');
    const got = (await therapist.get(`/api/availability/getSpanById?span_id=${later}`)).json().data;
    expect(got.days).toEqual([]);
  });
});

describe('date exceptions (therapist1)', () => {
  let off: number;
  let extra: number;

  it('a day off removes that date from the calendar', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.post('/api/availability/addException', {
      date: '2031-03-04',
      kind: 'off',
      note: '  Conference  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      exception_id: expect.any(Number),
      therapistId: tid('therapist1'),
      date: '2031-03-04',
      kind: 'off',
      startTime: null,
      endTime: null,
      note: 'Conference',
    });
    off = response.json().data.exception_id;
    const dates = (
      await availabilityOn(therapist, tid('therapist1'), '2031-03-02', '2031-03-09')
    ).map((b) => b.date);
    expect(dates).toEqual(['2031-03-03', '2031-03-05', '2031-03-06', '2031-03-07']);
  });

  it('extra hours add a block on that date only', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.post('/api/availability/addException', {
      date: '2031-03-08',
      kind: 'extra',
      practiceLocationId: ids.westside,
      startTime: '09:00',
      endTime: '12:00',
      onlineScheduling: true,
      scheduleEvery: 30,
      inPersonEnabled: true,
      teletherapyEnabled: true,
    });
    expect(response.statusCode).toBe(201);
    extra = response.json().data.exception_id;
    const saturday = await availabilityOn(therapist, tid('therapist1'), '2031-03-08', '2031-03-09');
    expect(saturday).toEqual([
      expect.objectContaining({
        date: '2031-03-08',
        start_date_time: '2031-03-08T14:00:00.000Z',
        availability_day_id: -extra,
        availability_exception_id: extra,
        practice_location_id: ids.westside,
      }),
    ]);
    const nextSaturday = await availabilityOn(
      therapist,
      tid('therapist1'),
      '2031-03-15',
      '2031-03-16',
    );
    expect(nextSaturday).toEqual([]);
    // The location filter applies to extra hours too.
    const atMain = await therapist.get(
      `/api/calendar/getTherapistAvailability?therapistIds=${tid('therapist1')}&start=2031-03-08&end=2031-03-09&locationIds=${ids.mainOffice}`,
    );
    expect(atMain.json().data).toEqual([]);
  });

  it('extra hours on a day off leave only those hours', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.post('/api/availability/addException', {
      date: '2031-03-04',
      kind: 'extra',
      practiceLocationId: ids.mainOffice,
      startTime: '13:00',
      endTime: '15:00',
    });
    expect(response.statusCode).toBe(201);
    const tuesday = await availabilityOn(therapist, tid('therapist1'), '2031-03-04', '2031-03-05');
    expect(tuesday.map((b) => [b.start_time, b.end_time])).toEqual([['13:00:00', '15:00:00']]);
  });

  it.each([
    [
      'a second day off',
      { date: '2031-03-04', kind: 'off' },
      409,
      'That day is already marked as a day off.',
    ],
    [
      'overlapping extra hours',
      {
        date: '2031-03-08',
        kind: 'extra',
        practiceLocationId: 0,
        startTime: '11:00',
        endTime: '13:00',
      },
      409,
      'These hours overlap other extra hours that day (9:00 AM–12:00 PM).',
    ],
    [
      'extra hours without times',
      { date: '2031-03-09', kind: 'extra', practiceLocationId: 0 },
      400,
      'Please enter a valid start time.',
    ],
    [
      'a date that does not exist',
      { date: '2031-02-29', kind: 'off' },
      400,
      'Please enter a valid date, e.g. 01/05/1995.',
    ],
    ['an unknown kind', { date: '2031-03-09', kind: 'holiday' }, 400, undefined],
  ])('refuses %s', async (_label, body, status, message) => {
    const therapist = await signedIn(t.app, 'therapist1');
    const payload =
      'practiceLocationId' in body ? { ...body, practiceLocationId: ids.mainOffice } : body;
    const response = await therapist.post('/api/availability/addException', payload);
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
  });

  it('refuses a date before today, saying which', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const today = zonedIsoDate(t.clock.now(), 'America/New_York');
    const response = await therapist.post('/api/availability/addException', {
      date: '2020-01-06',
      kind: 'off',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'date',
      message: `Please enter a date on or after ${formatUsDate(today)}.`,
    });
  });

  it('lists upcoming exceptions by date', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const data = (await therapist.get('/api/availability/listExceptions')).json().data;
    expect(data.exceptions.map((e: { date: string; kind: string }) => [e.date, e.kind])).toEqual([
      ['2031-03-04', 'off'],
      ['2031-03-04', 'extra'],
      ['2031-03-08', 'extra'],
    ]);
  });

  it("refuses another therapist's exception, then deletes its own", async () => {
    const colleague = await signedIn(t.app, 'therapist2');
    expect(
      (await del(colleague, `/api/availability/deleteException?exception_id=${off}`)).statusCode,
    ).toBe(403);
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await del(therapist, `/api/availability/deleteException?exception_id=${off}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ removedExceptionId: off });
    expect(
      (await del(therapist, `/api/availability/deleteException?exception_id=${off}`)).statusCode,
    ).toBe(404);
    const tuesday = await availabilityOn(therapist, tid('therapist1'), '2031-03-04', '2031-03-05');
    expect(tuesday.map((b) => b.start_time)).toEqual(['09:00:00', '13:00:00']);
  });
});

describe('lookups', () => {
  it('finds the default practice location, else the one named main, else says so', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const first = await owner2.get('/api/availability/getDefaultPracticeLocation');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      practiceLocationId: ids.practice2Location,
      name: 'Main',
      isDefault: true,
    });
    try {
      await t.app.db.execute(
        sql`update locations set is_default = false, name = ' MAIN ' where id = ${ids.practice2Location}`,
      );
      const byName = await owner2.get('/api/availability/getDefaultPracticeLocation');
      expect(byName.json().data).toMatchObject({
        practiceLocationId: ids.practice2Location,
        isDefault: false,
      });
      await t.app.db.execute(
        sql`update locations set name = 'Harbor' where id = ${ids.practice2Location}`,
      );
      const none = await owner2.get('/api/availability/getDefaultPracticeLocation');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(
        "We didn't find a default practice location. Please check your practice settings.",
      );
    } finally {
      await t.app.db.execute(
        sql`update locations set is_default = true, name = 'Main' where id = ${ids.practice2Location}`,
      );
    }
    const manager = await signedIn(t.app, 'manager');
    expect(
      (await manager.get('/api/availability/getDefaultPracticeLocation')).json().data,
    ).toMatchObject({
      practiceLocationId: ids.mainOffice,
      name: 'Main Office',
    });
  });

  it('lists the locations clients see: those of online days and online extra hours', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.get('/api/availability/getTherapistLocationsThatClientsSee');
    expect(response.statusCode).toBe(200);
    // Main Office from the weekly days; Westside from the online extra hours on 8 March 2031.
    expect(response.json().data.map((l: { name: string }) => l.name)).toEqual([
      'Main Office',
      'Westside Office',
    ]);
    const manager = await signedIn(t.app, 'manager');
    const t3 = await manager.get(
      `/api/availability/getTherapistLocationsThatClientsSee?therapistId=${tid('therapist3')}`,
    );
    expect(t3.json().data.map((l: { name: string }) => l.name)).toEqual(['Main Office']);
    await t.app.db.execute(
      sql`update availability_days set online_scheduling = false
          where span_id in (select id from availability_spans where therapist_id = ${tid('therapist3')})`,
    );
    const offline = await manager.get(
      `/api/availability/getTherapistLocationsThatClientsSee?therapistId=${tid('therapist3')}`,
    );
    expect(offline.json().data).toEqual([]);
  });

  it("offers products for one client, the therapist's default first, group sessions left out", async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(
      `/api/availability/findProductsForClientByTherapistIds?therapistIds=${tid('therapist1')},${tid('therapist2')}`,
    );
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json().data;
    expect(first.therapistId).toBe(tid('therapist1'));
    expect(first.products.map((p: { cptCode: string }) => p.cptCode)).toEqual([
      '90837',
      '90834',
      '90791',
      '90832',
      '90846',
      '90847',
    ]);
    expect(first.products[0]).toEqual({
      productId: expect.any(Number),
      cptCode: '90837',
      description: 'Psychotherapy, 60 minutes',
      durationMinutes: 60,
      feeCents: 17000,
      isTelehealth: false,
      isDefault: false,
    });
    // therapist2 has no default of their own: the practice's default leads.
    expect(second.products[0].cptCode).toBe('90834');
    const bad = await manager.get(
      '/api/availability/findProductsForClientByTherapistIds?therapistIds=',
    );
    expect(bad.statusCode).toBe(400);
  });

  it('says whether a therapist can offer telehealth (practice feature and their own setting)', async () => {
    const manager = await signedIn(t.app, 'manager');
    const ask = async (username: string) =>
      (
        await manager.get(
          `/api/availability/getTelehealthCapabilityForTherapist?therapistId=${tid(username)}`,
        )
      ).json().data.hasTelehealth;
    expect(await ask('therapist1')).toBe(true);
    expect(await ask('therapist3')).toBe(false);
    await t.app.db.execute(
      sql`update practice_settings set features = jsonb_set(features, '{telehealth}', 'false')
          where practice_id = ${ids.practice1}`,
    );
    try {
      expect(await ask('therapist1')).toBe(false);
    } finally {
      await t.app.db.execute(
        sql`update practice_settings set features = jsonb_set(features, '{telehealth}', 'true')
            where practice_id = ${ids.practice1}`,
      );
    }
  });

  it('finds the availability left after bookings, within 7 days', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    const therapistId = tid('therapist1');
    // Monday 3 March 2031: 9-17 in New York (14:00-22:00 UTC); book 10-11 and a cancelled 12-13.
    await t.app.db.execute(
      sql`insert into calendar_events (practice_id, therapist_id, type, name, start_at, end_at)
          values (${ids.practice1}, ${therapistId}, 'meeting', 'Team', '2031-03-03T15:00:00Z', '2031-03-03T16:00:00Z')`,
    );
    await t.app.db.execute(
      sql`insert into calendar_events (practice_id, therapist_id, type, name, start_at, end_at, cancelled_at)
          values (${ids.practice1}, ${therapistId}, 'meeting', 'Cancelled', '2031-03-03T17:00:00Z', '2031-03-03T18:00:00Z', now())`,
    );
    const response = await therapist.post('/api/availability/findRemainingAvailability', {
      therapistId,
      spanFrom: '2031-03-03',
      spanTo: '2031-03-03',
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.map((r: { start_date_time: string; end_date_time: string }) => [
          r.start_date_time,
          r.end_date_time,
        ]),
    ).toEqual([
      ['2031-03-03T14:00:00.000Z', '2031-03-03T15:00:00.000Z'],
      ['2031-03-03T16:00:00.000Z', '2031-03-03T22:00:00.000Z'],
    ]);
    expect(response.json().data[0]).toMatchObject({
      therapistId,
      date: '2031-03-03',
      practice_location_id: ids.mainOffice,
      online_scheduling: true,
      schedule_every: 60,
    });
    const week = await therapist.post('/api/availability/findRemainingAvailability', {
      therapistId,
      spanFrom: '2031-03-02',
      spanTo: '2031-03-09',
    });
    expect(week.json().data.length).toBeGreaterThan(5);
    const tooLong = await therapist.post('/api/availability/findRemainingAvailability', {
      therapistId,
      spanFrom: '2031-03-02',
      spanTo: '2031-03-10',
    });
    expect(tooLong.statusCode).toBe(200);
    expect(tooLong.json().data).toEqual([]);
    const colleague = await therapist.post('/api/availability/findRemainingAvailability', {
      therapistId: tid('therapist2'),
      spanFrom: '2031-03-03',
      spanTo: '2031-03-03',
    });
    expect(colleague.statusCode).toBe(403);
  });
});
