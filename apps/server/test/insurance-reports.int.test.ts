import {
  INSURANCE_REPORTS,
  isExpiringPolicy,
  isExpiringPrecert,
  isUnconfirmedPolicy,
  isUnverifiedPolicy,
  isVisitLimitPrecert,
  REPORT_SORT_KEYS,
  windowEnd,
  type InsuranceReport,
} from '@openpractice/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  calendarEventAttendees,
  calendarEvents,
  clientInsurances,
  clients,
  clientTherapists,
  insuranceConfirmations,
  insurancePreAuths,
  practiceInsurances,
  therapists,
  users,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let owner: Browser;
let owner2: Browser;
const db = () => t.database.db;

type Row = Record<string, unknown> & { patientId: number; lastName: string };
type Answer = { data: Row[]; total: number; page: number; pageSize: number; today: string };

const TZ = 'America/New_York';
let today: string;
const day = (offset: number) => windowEnd(today, offset);

type PracticeFacts = { id: number; therapistId: number; payerId: number };
let first: PracticeFacts;
let second: PracticeFacts;

async function practiceOf(username: string): Promise<PracticeFacts> {
  const [row] = await db()
    .select({ id: users.practiceId })
    .from(users)
    .where(eq(users.username, username));
  const id = row?.id ?? 0;
  const [therapist] = await db()
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.practiceId, id))
    .limit(1);
  const [payer] = await db()
    .select({ id: practiceInsurances.id })
    .from(practiceInsurances)
    .where(eq(practiceInsurances.practiceId, id))
    .limit(1);
  return { id, therapistId: therapist?.id ?? 0, payerId: payer?.id ?? 0 };
}

let accountNumber = 880_000;
/** A client of the practice with one therapist; 'archived' makes that status INACTIVE. */
async function client(
  practice: PracticeFacts,
  lastName: string,
  options: { archived?: boolean; deleted?: boolean } = {},
): Promise<number> {
  const [row] = await db()
    .insert(clients)
    .values({
      practiceId: practice.id,
      accountNumber: accountNumber++,
      firstName: 'Report',
      lastName,
      recordStatusId: options.deleted ? 3 : 1,
    })
    .returning({ id: clients.id });
  const id = row?.id ?? 0;
  await db()
    .insert(clientTherapists)
    .values({
      clientId: id,
      therapistId: practice.therapistId,
      status: options.archived ? 'INACTIVE' : 'ACTIVE',
    });
  return id;
}

type PolicyFixture = {
  payerId?: number | null;
  isCurrent?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  insuranceNumber?: string;
};
async function policy(clientId: number, practice: PracticeFacts, p: PolicyFixture = {}) {
  const [row] = await db()
    .insert(clientInsurances)
    .values({
      clientId,
      practiceInsuranceId: p.payerId === undefined ? practice.payerId : p.payerId,
      insuranceType: 'PRIMARY',
      insuranceNumber: p.insuranceNumber ?? `N${clientId}`,
      isCurrent: p.isCurrent ?? true,
      startDate: p.startDate ?? day(-300),
      endDate: p.endDate ?? null,
    })
    .returning({ id: clientInsurances.id });
  return row?.id ?? 0;
}

async function precert(
  insuranceId: number,
  p: {
    authDate?: string;
    startDate?: string | null;
    endDate?: string | null;
    visits?: number | null;
  },
) {
  const [row] = await db()
    .insert(insurancePreAuths)
    .values({
      clientInsuranceId: insuranceId,
      authDate: p.authDate ?? day(-40),
      authNumber: `AUTH${insuranceId}`,
      startDate: p.startDate === undefined ? day(-30) : p.startDate,
      endDate: p.endDate === undefined ? day(30) : p.endDate,
      visitsAuthorized: p.visits === undefined ? 10 : p.visits,
    })
    .returning({ id: insurancePreAuths.id });
  return row?.id ?? 0;
}

/** An appointment of the client at 06:00 practice time on `date` (clear of the demo's 9–17). */
async function visit(
  practice: PracticeFacts,
  clientId: number,
  date: string,
  outcome: { attended: boolean | null; cancelled?: boolean },
) {
  const start = sql`(${`${date} 06:00`}::timestamp at time zone ${TZ})`;
  const [event] = await db()
    .insert(calendarEvents)
    .values({
      practiceId: practice.id,
      therapistId: practice.therapistId,
      type: 'appointment',
      startAt: start,
      endAt: sql`${start} + interval '45 minutes'`,
      allowDoubleBooking: true,
      cancelledAt: outcome.cancelled ? new Date() : null,
    })
    .returning({ id: calendarEvents.id });
  await db()
    .insert(calendarEventAttendees)
    .values({ eventId: event?.id ?? 0, clientId, attended: outcome.attended });
}

const read = async (
  browser: Browser,
  report: InsuranceReport,
  query: Record<string, string | number> = {},
) => {
  const qs = new URLSearchParams(
    Object.entries({ pageSize: 200, ...query }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const response = await browser.get(`/api/insuranceReports/${report}?${qs.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
};

/** Every row of a report, page by page. */
async function allRows(browser: Browser, report: InsuranceReport, query = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const answer = await read(browser, report, { ...query, page });
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) return rows;
  }
}

const fixtureNames = (rows: Row[]) =>
  rows
    .map((r) => r.lastName)
    .filter((n) => n.startsWith('Zq'))
    .sort();

beforeAll(async () => {
  t = await testApp();
  [owner, owner2] = await Promise.all([signedIn(t.app, 'owner'), signedIn(t.app, 'owner2')]);
  today = t.clock.now().toLocaleDateString('en-CA', { timeZone: TZ });
  [first, second] = await Promise.all([practiceOf('owner'), practiceOf('owner2')]);
});
afterAll(() => t.close());

describe('the demo practice', () => {
  it.each(INSURANCE_REPORTS)('lists something in %s', async (report) => {
    const answer = await read(owner, report);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.data[0]).toMatchObject({
      patientId: expect.any(Number),
      clientName: expect.any(String),
      accountNumber: expect.stringMatching(/^C\d{9}$/),
    });
    expect(answer.today).toBe(today);
  });

  it('flags the seeded precerts with one and two visits left', async () => {
    const rows = (await read(owner, 'visitLimits')).data.filter((r) =>
      String(r.authNumber).startsWith('PA0088'),
    );
    expect(rows.map((r) => [r.visitsRemaining, r.nearLimit])).toEqual([
      [1, true],
      [2, true],
      [4, false],
      [8, false],
    ]);
  });
});

describe('who may read the reports', () => {
  it.each(['therapist1', 'frontoffice', 'scheduler', 'staffadmin', 'custodian'])(
    'refuses %s',
    async (username) => {
      const browser = await signedIn(t.app, username);
      for (const report of INSURANCE_REPORTS) {
        const response = await browser.get(`/api/insuranceReports/${report}`);
        expect(response.statusCode, report).toBe(403);
      }
    },
  );

  it.each(['owner', 'manager', 'biller'])('lets %s read them', async (username) => {
    const browser = await signedIn(t.app, username);
    for (const report of INSURANCE_REPORTS) {
      expect((await browser.get(`/api/insuranceReports/${report}`)).statusCode, report).toBe(200);
    }
  });

  it('asks an anonymous caller to sign in', async () => {
    const anonymous = await signedIn(t.app, 'owner');
    await anonymous.post('/api/logout');
    expect((await anonymous.get('/api/insuranceReports/expiringPolicies')).statusCode).toBe(401);
  });
});

describe('which rows each report lists', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const add = async (name: string, p: PolicyFixture, options = {}) => {
      const clientId = await client(first, name, options);
      ids[name] = await policy(clientId, first, p);
      return clientId;
    };
    // Expiring policies
    await add('ZqEndsToday', { endDate: day(0) });
    await add('ZqEnds30', { endDate: day(30) });
    await add('ZqEnds31', { endDate: day(31) });
    await add('ZqEnds45', { endDate: day(45) });
    await add('ZqEndedYesterday', { endDate: day(-1) });
    await add('ZqEndsNotCurrent', { endDate: day(5), isCurrent: false });
    await add('ZqEndsArchived', { endDate: day(5) }, { archived: true });
    await add('ZqEndsDeleted', { endDate: day(5) }, { deleted: true });
    // Unverified (no payer) and unconfirmed
    await add('ZqNoPayer', { payerId: null });
    await add('ZqNoPayerEnded', { payerId: null, endDate: day(-2) });
    await add('ZqConfirmedLastYear', {});
    await add('ZqConfirmedThisYear', {});
    await db()
      .insert(insuranceConfirmations)
      .values([
        {
          clientInsuranceId: ids.ZqConfirmedLastYear ?? 0,
          authDate: windowEnd(`${today.slice(0, 4)}-01-01`, -20),
        },
        { clientInsuranceId: ids.ZqConfirmedThisYear ?? 0, authDate: `${today.slice(0, 4)}-01-01` },
      ]);
    // Precerts
    const limited = await add('ZqVisits', {});
    await precert(ids.ZqVisits ?? 0, { startDate: day(-20), endDate: day(10), visits: 5 });
    await visit(first, limited, day(-25), { attended: true }); // before the period
    for (const offset of [-19, -12, -5])
      await visit(first, limited, day(offset), { attended: true });
    await visit(first, limited, day(-8), { attended: false }); // no-show
    await visit(first, limited, day(-6), { attended: true, cancelled: true });
    await visit(first, limited, day(-3), { attended: null }); // not recorded
    await visit(first, limited, day(2), { attended: null }); // booked ahead
    await add('ZqNoLimit', {});
    await precert(ids.ZqNoLimit ?? 0, { endDate: day(3), visits: null });
    await add('ZqNotStarted', {});
    await precert(ids.ZqNotStarted ?? 0, { startDate: day(3), endDate: day(60) });
    await add('ZqStartsOnAuthDate', {});
    await precert(ids.ZqStartsOnAuthDate ?? 0, {
      authDate: day(-10),
      startDate: null,
      endDate: null,
    });
    await add('ZqPrecertEnded', {});
    await precert(ids.ZqPrecertEnded ?? 0, { startDate: day(-60), endDate: day(-1) });
  });

  it('lists expiring policies from today to the end of the window', async () => {
    const rows = await allRows(owner, 'expiringPolicies');
    expect(fixtureNames(rows)).toEqual(['ZqEnds30', 'ZqEndsToday']);
    const wider = await allRows(owner, 'expiringPolicies', { days: 45 });
    expect(fixtureNames(wider)).toEqual(['ZqEnds30', 'ZqEnds31', 'ZqEnds45', 'ZqEndsToday']);
    expect(rows.find((r) => r.lastName === 'ZqEnds30')).toMatchObject({
      daysLeft: 30,
      endDate: day(30),
      insuranceType: 'PRIMARY',
      payerLabel: expect.stringMatching(/^.+ \(\w+\)$/),
    });
  });

  it('lists active policies with no confirmation this year as unconfirmed', async () => {
    const rows = await allRows(owner, 'unconfirmedPolicies');
    const names = fixtureNames(rows);
    expect(names).toContain('ZqConfirmedLastYear');
    expect(names).toContain('ZqNoPayer');
    expect(names).not.toContain('ZqConfirmedThisYear');
    expect(names).not.toContain('ZqEndedYesterday');
    expect(names).not.toContain('ZqEndsArchived');
    expect(rows.find((r) => r.lastName === 'ZqConfirmedLastYear')?.lastConfirmed).toBe(
      windowEnd(`${today.slice(0, 4)}-01-01`, -20),
    );
    expect(rows.find((r) => r.lastName === 'ZqNoPayer')?.lastConfirmed).toBeNull();
  });

  it('lists active policies with no payer as unverified', async () => {
    const rows = await allRows(owner, 'unverifiedPolicies');
    expect(fixtureNames(rows)).toEqual(['ZqNoPayer']);
    expect(rows.find((r) => r.lastName === 'ZqNoPayer')).toMatchObject({
      payerLabel: null,
      insuranceNumber: expect.any(String),
    });
  });

  it('counts attended visits inside the precert period only', async () => {
    const rows = await allRows(owner, 'visitLimits');
    expect(fixtureNames(rows)).toEqual(['ZqStartsOnAuthDate', 'ZqVisits']);
    expect(rows.find((r) => r.lastName === 'ZqVisits')).toMatchObject({
      visitsAuthorized: 5,
      visitsUsed: 3,
      visitsScheduled: 1,
      visitsRemaining: 2,
      nearLimit: true,
      startDate: day(-20),
      endDate: day(10),
    });
    expect(rows.find((r) => r.lastName === 'ZqStartsOnAuthDate')).toMatchObject({
      startDate: null,
      endDate: null,
      visitsRemaining: 10,
      nearLimit: false,
    });
  });

  it('lists precerts ending within the window, with or without a visit limit', async () => {
    const rows = await allRows(owner, 'expiringPrecerts');
    expect(fixtureNames(rows)).toEqual(['ZqNoLimit', 'ZqVisits']);
    expect(rows.find((r) => r.lastName === 'ZqNoLimit')).toMatchObject({
      visitsAuthorized: null,
      visitsRemaining: null,
      nearLimit: false,
      daysLeft: 3,
    });
  });

  it('agrees with the domain rules on every fixture', async () => {
    const policies = await db()
      .select({
        id: clientInsurances.id,
        lastName: clients.lastName,
        isCurrent: clientInsurances.isCurrent,
        startDate: clientInsurances.startDate,
        endDate: clientInsurances.endDate,
        companyId: clientInsurances.practiceInsuranceId,
        recordStatusId: clients.recordStatusId,
        archived: sql<boolean>`exists (select 1 from client_therapists ct where ct.client_id = ${clients.id} and ct.status = 'INACTIVE')`,
        confirmations: sql<
          string[]
        >`coalesce((select array_agg(ic.auth_date::text) from insurance_confirmations ic where ic.client_insurance_id = ${clientInsurances.id}), '{}')`,
      })
      .from(clientInsurances)
      .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
      .where(and(eq(clients.practiceId, first.id), sql`${clients.lastName} like 'Zq%'`));
    const listed = (p: (typeof policies)[number]) => p.recordStatusId !== 3 && !p.archived;
    const expected = (rule: (p: (typeof policies)[number]) => boolean) =>
      policies
        .filter((p) => listed(p) && rule(p))
        .map((p) => p.lastName)
        .sort();
    expect(fixtureNames(await allRows(owner, 'expiringPolicies'))).toEqual(
      expected((p) => isExpiringPolicy(p, today, 30)),
    );
    expect(fixtureNames(await allRows(owner, 'unconfirmedPolicies'))).toEqual(
      expected((p) => isUnconfirmedPolicy(p, p.confirmations, today)),
    );
    expect(fixtureNames(await allRows(owner, 'unverifiedPolicies'))).toEqual(
      expected((p) => isUnverifiedPolicy(p, today)),
    );

    const precerts = await db()
      .select({
        lastName: clients.lastName,
        authDate: insurancePreAuths.authDate,
        startDate: insurancePreAuths.startDate,
        endDate: insurancePreAuths.endDate,
        visitsAuthorized: insurancePreAuths.visitsAuthorized,
        policyIsCurrent: clientInsurances.isCurrent,
      })
      .from(insurancePreAuths)
      .innerJoin(clientInsurances, eq(clientInsurances.id, insurancePreAuths.clientInsuranceId))
      .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
      .where(and(eq(clients.practiceId, first.id), sql`${clients.lastName} like 'Zq%'`));
    const expectedPrecerts = (rule: (p: (typeof precerts)[number]) => boolean) =>
      precerts
        .filter(rule)
        .map((p) => p.lastName)
        .sort();
    expect(fixtureNames(await allRows(owner, 'expiringPrecerts'))).toEqual(
      expectedPrecerts((p) => isExpiringPrecert(p, today, 30)),
    );
    expect(fixtureNames(await allRows(owner, 'visitLimits'))).toEqual(
      expectedPrecerts((p) => isVisitLimitPrecert(p, today)),
    );
  });
});

describe('two practices', () => {
  let harborClient: number;
  beforeAll(async () => {
    harborClient = await client(second, 'ZqHarborEnds');
    const insuranceId = await policy(harborClient, second, { endDate: day(7) });
    await precert(insuranceId, { endDate: day(7), visits: 4 });
    await policy(await client(second, 'ZqHarborNoPayer'), second, { payerId: null });
  });

  it.each(INSURANCE_REPORTS)('%s lists only the caller practice clients', async (report) => {
    const [mine, theirs] = await Promise.all([allRows(owner, report), allRows(owner2, report)]);
    const practiceOfClient = async (rows: Row[]) => {
      const ids = [...new Set(rows.map((r) => r.patientId))];
      if (ids.length === 0) return [];
      const found = await db()
        .selectDistinct({ practiceId: clients.practiceId })
        .from(clients)
        .where(inArray(clients.id, ids));
      return found.map((f) => f.practiceId);
    };
    expect(await practiceOfClient(mine)).toEqual([first.id]);
    expect(await practiceOfClient(theirs)).toEqual([second.id]);
  });

  it('shows the second practice its own cases', async () => {
    expect(fixtureNames(await allRows(owner2, 'expiringPolicies'))).toEqual(['ZqHarborEnds']);
    expect(fixtureNames(await allRows(owner2, 'expiringPrecerts'))).toEqual(['ZqHarborEnds']);
    expect(fixtureNames(await allRows(owner2, 'unverifiedPolicies'))).toEqual(['ZqHarborNoPayer']);
    expect(fixtureNames(await allRows(owner, 'expiringPolicies'))).not.toContain('ZqHarborEnds');
  });
});

describe('sorting and paging', () => {
  type Cell = string | number | null | undefined;
  const compare = (a: Cell, b: Cell) => {
    if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
    if (b === null || b === undefined) return -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).toLowerCase().localeCompare(String(b).toLowerCase(), 'en');
  };
  const FIELD: Record<string, string> = { client: 'lastName', payer: 'payerName' };

  it.each(INSURANCE_REPORTS.flatMap((r) => REPORT_SORT_KEYS[r].map((k) => [r, k] as const)))(
    '%s sorts by %s both ways',
    async (report, sort) => {
      const query: Record<string, number> = report.startsWith('expiring') ? { days: 90 } : {};
      for (const direction of ['asc', 'desc'] as const) {
        const answer = await read(owner, report, { ...query, sort, direction });
        expect(answer.data.length).toBeGreaterThan(0);
        const values = answer.data.map((r) => r[FIELD[sort] ?? sort] as Cell);
        const present = values.filter((v) => v !== null);
        // Empty values come last whichever way.
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
        for (let i = 1; i < present.length; i++) {
          const step = compare(present[i - 1], present[i]);
          if (direction === 'asc') expect(step, `${sort} asc at ${i}`).toBeLessThanOrEqual(0);
          else expect(step, `${sort} desc at ${i}`).toBeGreaterThanOrEqual(0);
        }
      }
    },
  );

  it('refuses a column that is not sortable, and bad paging', async () => {
    for (const query of [
      'sort=c.last_name',
      'sort=payer%3Bdrop',
      'direction=sideways',
      'page=-1',
      'pageSize=0',
      'pageSize=201',
    ]) {
      const response = await owner.get(`/api/insuranceReports/unverifiedPolicies?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect(
      (await owner.get('/api/insuranceReports/unverifiedPolicies?sort=payer')).statusCode,
    ).toBe(400);
  });

  it.each(['0', '366', 'soon'])('refuses a window of %s days', async (days) => {
    const response = await owner.get(`/api/insuranceReports/expiringPolicies?days=${days}`);
    expect(response.statusCode).toBe(400);
  });

  it('pages without overlap and keeps the total', async () => {
    const all = await read(owner, 'unconfirmedPolicies', { pageSize: 200 });
    expect(all.total).toBeGreaterThan(4);
    const first2 = await read(owner, 'unconfirmedPolicies', { pageSize: 2, page: 0 });
    const next2 = await read(owner, 'unconfirmedPolicies', { pageSize: 2, page: 1 });
    expect(first2.total).toBe(all.total);
    expect(next2.total).toBe(all.total);
    expect([...first2.data, ...next2.data].map((r) => r.insuranceId)).toEqual(
      all.data.slice(0, 4).map((r) => r.insuranceId),
    );
    const beyond = await read(owner, 'unconfirmedPolicies', { pageSize: 50, page: 1000 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });
});

describe('audit', () => {
  it('writes one row per read naming the clients shown', async () => {
    const answer = await read(owner, 'expiringPolicies', { pageSize: 3 });
    const [row] = await db()
      .select({
        action: auditLog.action,
        detail: auditLog.detail,
        practiceId: auditLog.practiceId,
        patientIds: auditLog.patientIds,
      })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toEqual({
      action: 'client.insurance_report_read',
      practiceId: first.id,
      detail: {
        kind: 'list',
        route: 'GET /api/insuranceReports/expiringPolicies',
        report: 'expiringPolicies',
        page: 0,
        total: answer.total,
      },
      patientIds: [...new Set(answer.data.map((r) => r.patientId))],
    });
  });
});
