import { CALENDAR_COLOURS } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { CLAIM_MESSAGES } from '../src/modules/claims/claims-service.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Claims from sessions on the real database (issue 20 items 2, 8 and 9): attendance makes an
 * insured client's claim when the automatic setting says so; a biller makes one by hand for
 * several sessions, every session checked before anything is written; the lists by status
 * show each problem with its fix, and a fix made elsewhere moves the claim to readyToSubmit
 * on the next read; the event log refuses edits; the calendar counts the claim (#03A852).
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;
let therapistId: number;
let productId: number;
let payerId: number;

type Problem = { code: string; fix: string; severity: string; message: string };
type Row = {
  claimId: number;
  patientId: number;
  totalCents: number;
  lines: number;
  problems: Problem[];
};

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 960_000;
/** A client of therapist1 with a current primary policy and, unless told, a diagnosis. */
async function newClient(
  lastName: string,
  options: { policy?: boolean; diagnosis?: boolean; automatic?: boolean } = {},
): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name, dob, gender)
        values (1, ${account}, 'Claim', ${lastName}, '1988-04-05', 'Female') returning id`,
  );
  await t.database.db
    .execute(sql`insert into client_therapists (client_id, therapist_id, auto_generate_claims)
    values (${id}, ${therapistId}, ${options.automatic ?? true})`);
  await t.database.db
    .execute(sql`insert into client_addresses (client_id, address_line1, city, state, zipcode, is_default)
    values (${id}, '12 Elm St', 'Portland', 'ME', '04101', true)`);
  if (options.policy ?? true)
    await t.database.db.execute(sql`insert into client_insurances (client_id, practice_insurance_id,
        insurance_type, insurance_number, group_number)
      values (${id}, ${payerId}, 'PRIMARY', ${`M${String(account)}`}, 'G100')`);
  if (options.diagnosis ?? true) await addDiagnosis(id);
  return id;
}

const addDiagnosis = (clientId: number) =>
  t.database.db.execute(
    sql`insert into client_diagnoses (client_id, code, position) values (${clientId}, 'F41.1', 1)`,
  );

/** A past appointment of the client, its attendance saved through the API; answers its attendee. */
async function attendedSession(clientId: number, daysAgo: number): Promise<number> {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  const { id: eventId } = await one<{ id: number }>(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
        values (1, ${therapistId}, 'appointment', ${start.toISOString()},
          ${new Date(start.getTime() + 3_600_000).toISOString()}, true) returning id`,
  );
  const { id: attendeeId } = await one<{ id: number }>(
    sql`insert into calendar_event_attendees (event_id, client_id) values (${eventId}, ${clientId}) returning id`,
  );
  const saved = await therapist.post(
    `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
      `&calendar_event_attendee_attended=1&product_id=${productId}`,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return attendeeId;
}

const claimsOf = (clientId: number) =>
  rowsOf<{ id: number; origin: string }>(
    t.database.db,
    sql`select id, origin from claims where client_id = ${clientId} order by id`,
  );

async function list(status: string, browser = biller): Promise<Row[]> {
  const answer = await browser.get(`/api/claims/list/${status}?limit=200`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { rows: Row[] } }>().data.rows;
}

const rowOf = async (status: string, clientId: number) =>
  (await list(status)).find((row) => row.patientId === clientId);

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  therapist = await signedIn(t.app, 'therapist1');
  otherOwner = await signedIn(t.app, 'owner2');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  ));
  ({ id: productId } = await one<{ id: number }>(
    sql`select id from products where practice_id = 1 and cpt_code = '90837' and active`,
  ));
  ({ id: payerId } = await one<{ id: number }>(
    sql`select id from practice_insurances where practice_id = 1 order by id limit 1`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('the demo practice', () => {
  it('has claims ready to submit and scrub problems, each problem with its fix', async () => {
    const demoClaims = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from claims where practice_id = 1`,
    );
    expect(demoClaims.length).toBeGreaterThan(0);
    expect((await list('readyToSubmit')).length).toBeGreaterThan(0);
    const problems = (await list('scrubProblem')).flatMap((row) => row.problems);
    expect(problems).toContainEqual(
      expect.objectContaining({ code: 'diagnosisMissing', fix: 'client' }),
    );
  });
});

describe('automatic claims on attendance', () => {
  it('makes a ready claim for an insured client, and the calendar shows it #03A852', async () => {
    const clientId = await newClient('Ready');
    const attendeeId = await attendedSession(clientId, 3);
    expect(await claimsOf(clientId)).toEqual([expect.objectContaining({ origin: 'automatic' })]);
    const row = await rowOf('readyToSubmit', clientId);
    expect(row).toMatchObject({ lines: 1, problems: [] });
    expect(row?.totalCents).toBeGreaterThan(0);

    const session = await one<{ eventId: number; day: string; next: string }>(
      sql`select e.id as "eventId",
            to_char(e.start_at at time zone 'America/New_York', 'YYYY-MM-DD') as day,
            to_char(e.start_at at time zone 'America/New_York' + interval '1 day', 'YYYY-MM-DD') as next
          from calendar_events e join calendar_event_attendees a on a.event_id = e.id
          where a.id = ${attendeeId}`,
    );
    const window = await therapist.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${therapistId}&start=${session.day}&end=${session.next}`,
    );
    expect(
      window
        .json<{ data: { calendar_event_id: number }[] }>()
        .data.find((e) => e.calendar_event_id === session.eventId),
    ).toMatchObject({ claim_count: 1, calendar_color: CALENDAR_COLOURS.claimCreated });
    expect(CALENDAR_COLOURS.claimCreated.toUpperCase()).toBe('#03A852');
  });

  it('puts a claim without a diagnosis in scrubProblem, then readyToSubmit once one is added', async () => {
    const clientId = await newClient('Undiagnosed', { diagnosis: false });
    await attendedSession(clientId, 4);
    const row = await rowOf('scrubProblem', clientId);
    expect(row?.problems).toContainEqual(
      expect.objectContaining({ code: 'diagnosisMissing', fix: 'client', severity: 'error' }),
    );
    expect(await rowOf('readyToSubmit', clientId)).toBeUndefined();

    await addDiagnosis(clientId);
    expect(await rowOf('scrubProblem', clientId)).toBeUndefined();
    expect(await rowOf('readyToSubmit', clientId)).toMatchObject({ problems: [] });
    const events = await rowsOf<{ kind: string; status: string }>(
      t.database.db,
      sql`select ev.kind, ev.status from claim_events ev join claims c on c.id = ev.claim_id
          where c.client_id = ${clientId} order by ev.id`,
    );
    expect(events).toEqual([
      { kind: 'created', status: 'scrubProblem' },
      { kind: 'scrubbed', status: 'readyToSubmit' },
    ]);
  });

  it('waits for the rendering NPI, and is ready once the claim set-up saves it', async () => {
    const { npi } = await one<{ npi: string }>(
      sql`select npi from therapists where id = ${therapistId}`,
    );
    await t.database.db.execute(sql`update therapists set npi = null where id = ${therapistId}`);
    const clientId = await newClient('NoNpi');
    await attendedSession(clientId, 6);
    expect((await rowOf('scrubProblem', clientId))?.problems).toContainEqual(
      expect.objectContaining({ code: 'renderingNpiInvalid', fix: 'claimSetup' }),
    );

    type Setup = { providers: Record<string, unknown>[]; [part: string]: unknown };
    const setup = (await biller.get('/api/claims/setup')).json<{ data: Setup }>().data;
    const saved = await biller.request('PUT', '/api/claims/setup', {
      billingProvider: setup.billingProvider,
      clearinghouse: { kind: 'local' },
      providers: setup.providers.map((p) => ({
        therapistId: p.therapistId,
        npi: p.therapistId === therapistId ? npi : p.npi,
        taxonomy: p.taxonomy,
        supervisingTherapistId: p.supervisingTherapistId,
      })),
      payers: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rowOf('scrubProblem', clientId)).toBeUndefined();
    expect(await rowOf('readyToSubmit', clientId)).toMatchObject({ problems: [] });
  });

  it('makes none when the automatic setting is off, or the client has no policy', async () => {
    const manual = await newClient('ByHandOnly', { automatic: false });
    await attendedSession(manual, 5);
    const uninsured = await newClient('Uninsured', { policy: false });
    await attendedSession(uninsured, 5);
    expect(await claimsOf(manual)).toEqual([]);
    expect(await claimsOf(uninsured)).toEqual([]);
  });
});

describe('a claim by hand', () => {
  let clientId: number;
  let sessions: number[];
  const create = (body: Record<string, unknown>, browser = biller) =>
    browser.post('/api/claims', { patientId: clientId, practiceInsuranceId: payerId, ...body });

  beforeAll(async () => {
    clientId = await newClient('Hand', { automatic: false });
    sessions = [await attendedSession(clientId, 10), await attendedSession(clientId, 3)];
  });

  it('refuses a therapist without the billing role, for the lists too', async () => {
    expect((await create({ attendeeIds: sessions }, therapist)).statusCode).toBe(403);
    expect((await therapist.get('/api/claims/list/readyToSubmit')).statusCode).toBe(403);
  });

  it('refuses bad sessions naming the field, writing nothing', async () => {
    const other = await newClient('Other', { automatic: false });
    const othersSession = await attendedSession(other, 6);
    const { id: unattended } = await one<{ id: number }>(
      sql`insert into calendar_event_attendees (event_id, client_id)
          select event_id, ${clientId} from calendar_event_attendees where id = ${othersSession}
          returning id`,
    );
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { attendeeIds: [sessions[0], othersSession] },
        400,
        'attendeeIds.1',
        CLAIM_MESSAGES.notSession,
      ],
      [{ attendeeIds: [unattended] }, 400, 'attendeeIds.0', CLAIM_MESSAGES.notAttended],
      [{ attendeeIds: [sessions[0], sessions[0]] }, 400, 'attendeeIds.1', CLAIM_MESSAGES.repeated],
      [
        { attendeeIds: sessions, responsibility: 'secondary' },
        400,
        'practiceInsuranceId',
        CLAIM_MESSAGES.noPolicy,
      ],
      [{ attendeeIds: [] }, 400, 'attendeeIds', ''],
    ];
    for (const [body, status, field, message] of cases) {
      const answer = await create(body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json()).toMatchObject({ field, ...(message === '' ? {} : { message }) });
    }
    const otherPayer = await one<{ id: number }>(
      sql`select id from practice_insurances where practice_id <> 1 order by id limit 1`,
    );
    const foreign = await create({ attendeeIds: sessions, practiceInsuranceId: otherPayer.id });
    expect(foreign.json()).toMatchObject({ field: 'practiceInsuranceId' });
    expect(await claimsOf(clientId)).toEqual([]);
  });

  it('refuses another practice’s client (404) and shows another practice none of these claims', async () => {
    const answer = await create({ attendeeIds: sessions }, otherOwner);
    expect(answer.statusCode).toBe(404);
    const theirs = await list('readyToSubmit', otherOwner);
    expect(theirs.find((row) => row.patientId === clientId)).toBeUndefined();
  });

  it('bills both sessions on one claim, audited with its client; never twice', async () => {
    const answer = await create({ attendeeIds: sessions });
    expect(answer.statusCode, answer.body).toBe(200);
    const created = answer.json<{ data: { claimId: number; status: string } }>().data;
    expect(created.status).toBe('readyToSubmit');
    expect(await rowOf('readyToSubmit', clientId)).toMatchObject({
      lines: 2,
      claimId: created.claimId,
    });
    const lines = await rowsOf<{ lcn: string }>(
      t.database.db,
      sql`select line_control_number as lcn from claim_lines where claim_id = ${created.claimId} order by position`,
    );
    expect(new Set(lines.map((l) => l.lcn)).size).toBe(2);
    const audit = await one<{ patientId: number; detail: { claimId: number; sessions: number } }>(
      sql`select patient_id as "patientId", detail from audit_log
          where action = 'claims.claim_created' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      patientId: clientId,
      detail: { claimId: created.claimId, sessions: 2 },
    });

    const again = await create({ attendeeIds: [sessions[1]] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      field: 'attendeeIds.0',
      message: CLAIM_MESSAGES.alreadyClaimed,
    });
    expect(await claimsOf(clientId)).toHaveLength(1);
  });

  it('keeps the event log append-only', async () => {
    const [claim] = await claimsOf(clientId);
    const refused = async (query: ReturnType<typeof sql>) => {
      const error = await t.database.db.execute(query).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string } },
      );
      return error?.cause?.message ?? '';
    };
    expect(
      await refused(sql`update claim_events set status = 'paid' where claim_id = ${claim?.id}`),
    ).toMatch(/append another event/);
    expect(await refused(sql`delete from claim_events where claim_id = ${claim?.id}`)).toMatch(
      /append another event/,
    );
  });

  it('audits a list read with the clients it showed', async () => {
    await list('readyToSubmit');
    const audit = await one<{ patientIds: number[] | null }>(
      sql`select patient_ids as "patientIds" from audit_log where action = 'claims.list_read'
          order by id desc limit 1`,
    );
    expect(audit.patientIds).toContain(clientId);
  });
});
