import {
  echo271,
  envelopeIssues,
  parseX12,
  read270,
  serializeSegment,
  type Eligibility271,
} from '@openpractice/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import {
  auditLog,
  clientInsurances,
  clients,
  eligibilityRequests,
  practiceInsurances,
  practiceSettings,
  therapists,
} from '../src/db/schema/index.ts';
import {
  ACKNOWLEDGMENT_REJECTION,
  NOT_A_271,
  TRACE_MISMATCH,
} from '../src/modules/eligibility/check-answer.ts';
import {
  CHOOSE_PAYER,
  CHOOSE_SERVICE_TYPE,
  POLICY_NOT_FOUND,
  THERAPIST_NOT_FOUND,
} from '../src/modules/eligibility/check-facts.ts';
import {
  ELIGIBILITY_FORBIDDEN,
  ELIGIBILITY_TURNED_OFF,
} from '../src/modules/eligibility/eligibility-gate.ts';
import { CHECK_NOT_FOUND } from '../src/modules/eligibility/history.ts';
import { PERIOD_ORDER, PERIOD_TOO_LONG } from '../src/modules/eligibility/report-routes.ts';
import {
  CLEARINGHOUSE_UNREACHABLE,
  clearinghouseRefused,
  DEFAULT_SAMPLES_DIR,
} from '../src/platform/clearinghouse.ts';
import {
  signedIn,
  testApp,
  testClock,
  testDatabase,
  type Browser,
  type TestApp,
} from './harness.ts';

/**
 * Eligibility checks (spec-1 §2, §3, §4, §8; spec-2 §3, §7) on the real app:
 * the local (test mode) adapter answering from the shipped sample files, and
 * the real adapter against a stand-in clearinghouse started here.
 */

const API = '/api/patientInsurance';

type Summary = {
  eligibilityRequestId: number;
  patientId: number;
  createdAt: string;
  status: 'COMPLETE' | 'FAILED' | 'ERROR';
  coverage: string | null;
  failureMessage: string | null;
  errorMessage: string | null;
  payerId: string;
  payerName: string;
  serviceCode: string;
  serviceName: string;
  therapistName: string | null;
  isDependent: boolean;
  insuranceId: number | null;
  insuranceNumber: string;
  adapter: string;
  testMode: boolean;
  controlNumber: number;
  traceNumber: string;
  requestedBy: string | null;
  result: Eligibility271 | null;
  x12: { request: string; response: string | null };
};
type HistoryItem = Omit<Summary, 'x12' | 'result' | 'insuranceId' | 'controlNumber'>;

let t: TestApp;
let manager: Browser;
let owner: Browser;
let owner2: Browser;
let therapist1: Browser;
let therapist2: Browser;
let frontoffice: Browser;
let margaret: number;
let bob: number;
let harriet: number;
let quinn: number;
let okafor: number;
let secondPracticeTherapist: number;

async function clientIdOf(firstName: string, lastName: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (!row) throw new Error(`no demo client ${firstName} ${lastName}`);
  return row.id;
}

async function therapistIdOf(lastName: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.lastName, lastName));
  if (!row) throw new Error(`no demo therapist ${lastName}`);
  return row.id;
}

const checkFor = (patientId: number, overrides: Record<string, unknown> = {}) => ({
  patientId,
  payerId: '60054',
  serviceCode: 'MH',
  therapistId: quinn,
  isDependent: false,
  insuranceNumber: 'W000000002',
  ...overrides,
});

async function check(browser: Browser, body: Record<string, unknown>) {
  return browser.post(`${API}/checkEligibility`, body);
}

async function checked(browser: Browser, body: Record<string, unknown>): Promise<Summary> {
  const response = await check(browser, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Summary }>().data;
}

const rowCount = async () =>
  (await t.database.db.select({ n: count() }).from(eligibilityRequests))[0]?.n ?? 0;

const auditActions = async (patientId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.patientId, patientId))
      .orderBy(desc(auditLog.id))
  ).map((r) => r.action);

/** Segments of an interchange as text, without terminators. */
const segmentsOf = (x12: string) => {
  const { delimiters, segments } = parseX12(x12);
  return segments.map((s) => serializeSegment(s, delimiters));
};

beforeAll(async () => {
  t = await testApp();
  manager = await signedIn(t.app, 'manager');
  owner = await signedIn(t.app, 'owner');
  owner2 = await signedIn(t.app, 'owner2');
  therapist1 = await signedIn(t.app, 'therapist1');
  therapist2 = await signedIn(t.app, 'therapist2');
  frontoffice = await signedIn(t.app, 'frontoffice');
  margaret = await clientIdOf('Margaret', 'Hamilton');
  bob = await clientIdOf('Robert', 'Sinclair');
  harriet = await clientIdOf('Harriet', 'Harbor');
  quinn = await therapistIdOf('Quinn');
  okafor = await therapistIdOf('Okafor');
  secondPracticeTherapist = await therapistIdOf('Second');
});
afterAll(() => t.close());

describe('reference lists', () => {
  it('lists the X12 service types, mental health first, and the default', async () => {
    const response = await manager.get(`${API}/listX12ServiceCodes`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: { code: string; description: string }[];
      defaultCode: string;
    }>();
    expect(body.defaultCode).toBe('MH');
    expect(body.data.slice(0, 4)).toEqual([
      { code: '30', description: 'Health Benefit Plan Coverage' },
      { code: 'MH', description: 'Mental Health' },
      { code: 'A4', description: 'Psychiatric' },
      { code: 'A6', description: 'Psychotherapy' },
    ]);
  });

  it("lists the practice's active payers and says it is in test mode", async () => {
    const first = (await manager.get(`${API}/listEligibilityPayers`)).json<{
      data: {
        practice_insurance_id: number;
        label: string;
        payerId: string;
        displayLabel: string;
      }[];
      mode: string;
      testMode: boolean;
    }>();
    expect(first.mode).toBe('local');
    expect(first.testMode).toBe(true);
    expect(first.data.map((p) => p.displayLabel)).toEqual([
      'Aetna (60054)',
      'Blue Cross Blue Shield of Maine Anthem (00180)',
      'Cigna (62308)',
      'Medicare Maine (14212)',
      'UnitedHealthcare (87726)',
    ]);
    const second = (await owner2.get(`${API}/listEligibilityPayers`)).json<{
      data: { practice_insurance_id: number }[];
    }>();
    const firstIds = new Set(first.data.map((p) => p.practice_insurance_id));
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.some((p) => firstIds.has(p.practice_insurance_id))).toBe(false);
  });

  it('leaves out payers that have ended', async () => {
    const [cigna] = await t.database.db
      .update(practiceInsurances)
      .set({ endDate: '2020-01-01' })
      .where(eq(practiceInsurances.payerId, '62308'))
      .returning({ id: practiceInsurances.id });
    try {
      const data = (await manager.get(`${API}/listEligibilityPayers`)).json<{
        data: { payerId: string }[];
      }>().data;
      expect(data.map((p) => p.payerId)).not.toContain('62308');
      const refused = await check(manager, checkFor(margaret, { payerId: '62308' }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: CHOOSE_PAYER, field: 'payerId' });
    } finally {
      await t.database.db
        .update(practiceInsurances)
        .set({ endDate: null })
        .where(eq(practiceInsurances.payerId, '62308'));
    }
    expect(cigna).toBeDefined();
  });

  it("starts the Create Report step from the client's default policy and therapists", async () => {
    const response = await manager.get(`${API}/eligibilityDefaults?patientId=${margaret}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      patientId: margaret,
      clientName: 'Margaret Hamilton',
      therapists: [{ therapistId: quinn, name: 'Theresa Quinn', isPrimary: true, hasNpi: true }],
      policy: {
        payerId: '60054',
        payerName: 'Aetna',
        insuranceNumber: 'W000000002',
        isDependent: false,
        insuredRelationship: null,
      },
    });
    expect((await auditActions(margaret))[0]).toBe('client.eligibility_defaults_read');
  });
});

describe('history (seeded)', () => {
  it("lists the client's checks newest first, by GET and by POST", async () => {
    const byPost = await manager.post(`${API}/listEligibilityRequestHistory`, {
      patientId: margaret,
    });
    expect(byPost.statusCode).toBe(200);
    const items = byPost.json<{ data: HistoryItem[] }>().data;
    expect(items.map((i) => [i.status, i.coverage])).toEqual([
      ['COMPLETE', 'active'],
      ['COMPLETE', 'active'],
      ['FAILED', 'unknown'],
    ]);
    expect(items.map((i) => i.createdAt)).toEqual(
      [...items.map((i) => i.createdAt)].sort().reverse(),
    );
    expect(items[0]).toMatchObject({
      payerId: '60054',
      payerName: 'Aetna',
      serviceCode: 'MH',
      serviceName: 'Mental Health',
      therapistName: 'Theresa Quinn',
      failureMessage: null,
      errorMessage: null,
    });
    expect(items[2]?.failureMessage).toBe(
      'The subscriber or insured id (member id) is invalid or missing. The date of birth is invalid or missing. Please correct and resubmit.',
    );
    const byGet = await manager.get(`${API}/listEligibilityRequestHistory?patientId=${margaret}`);
    expect(byGet.json<{ data: HistoryItem[] }>().data).toEqual(items);
    expect((await auditActions(margaret))[0]).toBe('client.eligibility_history_read');
  });

  it('loads one history item with its result and real X12', async () => {
    const [latest] = (
      await manager.post(`${API}/listEligibilityRequestHistory`, { patientId: margaret })
    ).json<{ data: HistoryItem[] }>().data;
    const response = await manager.post(`${API}/findEligibilityHistoryItem`, {
      patientId: margaret,
      eligibilityRequestId: latest?.eligibilityRequestId,
    });
    expect(response.statusCode).toBe(200);
    const item = response.json<{ data: Summary }>().data;
    expect(item.result?.coverage).toBe('active');
    expect(item.result?.summary).toMatchObject({
      copayCents: 3000,
      deductibleRemainingCents: 100050,
    });
    expect(item.testMode).toBe(true);
    expect(envelopeIssues(parseX12(item.x12.request).segments)).toEqual([]);
    expect(read270(item.x12.request).subscriber).toMatchObject({
      firstName: 'MARGARET',
      memberId: 'W000000002',
    });
    expect(item.result?.traceNumber).toBe(item.traceNumber);
    const audit = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.patientId, margaret))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit[0]).toEqual({
      action: 'client.eligibility_check_read',
      detail: {
        eligibilityRequestId: item.eligibilityRequestId,
        kind: 'view',
        route: 'POST /api/patientInsurance/findEligibilityHistoryItem',
      },
    });
  });

  it("keeps a clearinghouse error's errorMessage", async () => {
    const items = (
      await manager.post(`${API}/listEligibilityRequestHistory`, { patientId: bob })
    ).json<{ data: HistoryItem[] }>().data;
    expect(items.map((i) => i.status)).toEqual(['COMPLETE', 'ERROR']);
    expect(items[1]?.errorMessage).toMatch(/did not answer within 20 seconds/);
  });

  it("answers 404 for another client's or another practice's check", async () => {
    const [bobsCheck] = (
      await manager.post(`${API}/listEligibilityRequestHistory`, { patientId: bob })
    ).json<{ data: HistoryItem[] }>().data;
    const [harrietsCheck] = (
      await owner2.post(`${API}/listEligibilityRequestHistory`, { patientId: harriet })
    ).json<{ data: HistoryItem[] }>().data;
    expect(harrietsCheck).toBeDefined();
    for (const eligibilityRequestId of [
      bobsCheck?.eligibilityRequestId,
      harrietsCheck?.eligibilityRequestId,
      999_999,
    ]) {
      const response = await manager.post(`${API}/findEligibilityHistoryItem`, {
        patientId: margaret,
        eligibilityRequestId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CHECK_NOT_FOUND);
    }
  });
});

describe('checkEligibility in test mode', () => {
  it('checks a subscriber: the 270, the echoed 271, the summary and the record', async () => {
    const before = await rowCount();
    const summary = await checked(manager, checkFor(margaret));
    expect(summary).toMatchObject({
      patientId: margaret,
      status: 'COMPLETE',
      coverage: 'active',
      failureMessage: null,
      errorMessage: null,
      payerName: 'Aetna',
      adapter: 'local',
      testMode: true,
      requestedBy: 'Marcus Mendel',
      isDependent: false,
    });
    expect(summary.requestedBy).not.toBeNull();
    expect(summary.result?.summary).toEqual({
      copayCents: 3000,
      coinsurancePercent: 20,
      deductibleCents: 150000,
      deductibleRemainingCents: 100050,
      outOfPocketCents: 500000,
      outOfPocketRemainingCents: 425075,
      visitLimit: null,
      visitsRemaining: null,
    });
    expect(summary.result?.planBegin).toBe('2024-01-01');
    expect(summary.result?.subscriber).toMatchObject({
      firstName: 'MARGARET',
      lastName: 'HAMILTON',
    });
    const n = String(summary.controlNumber);
    const request = segmentsOf(summary.x12.request);
    expect(request[0]).toMatch(
      new RegExp(
        `^ISA\\*00\\*          \\*00\\*          \\*ZZ\\*OPENPRACTICE   \\*ZZ\\*CLEARINGHOUSE  \\*\\d{6}\\*\\d{4}\\*\\^\\*00501\\*${n.padStart(9, '0')}\\*0\\*T\\*:$`,
      ),
    );
    expect(request.slice(2, 4)).toEqual([
      `ST*270*${n.padStart(4, '0')}*005010X279A1`,
      expect.stringMatching(
        new RegExp(`^BHT\\*0022\\*13\\*${summary.traceNumber}\\*\\d{8}\\*\\d{4}$`),
      ),
    ]);
    expect(request.slice(4, 17)).toEqual([
      'HL*1**20*1',
      'NM1*PR*2*AETNA*****PI*60054',
      'HL*2*1*21*1',
      'NM1*1P*1*QUINN*THERESA****XX*1528461035',
      'HL*3*2*22*0',
      `TRN*1*${summary.traceNumber}*9152846103`,
      'NM1*IL*1*HAMILTON*MARGARET****MI*W000000002',
      'DMG*D8*19850615*F',
      expect.stringMatching(/^DTP\*291\*D8\*\d{8}$/),
      'EQ*MH',
      `SE*13*${n.padStart(4, '0')}`,
      `GE*1*${n}`,
      `IEA*1*${n.padStart(9, '0')}`,
    ]);
    expect(envelopeIssues(parseX12(summary.x12.response ?? '').segments)).toEqual([]);
    expect(await rowCount()).toBe(before + 1);
    const [row] = await t.database.db
      .select()
      .from(eligibilityRequests)
      .where(eq(eligibilityRequests.id, summary.eligibilityRequestId));
    expect(row).toMatchObject({
      clientId: margaret,
      therapistId: quinn,
      status: 'COMPLETE',
      adapter: 'local',
      controlNumber: summary.controlNumber,
      requestX12: summary.x12.request,
      responseX12: summary.x12.response,
    });
    expect(row?.clientInsuranceId).toBe(summary.insuranceId);
    expect(summary.insuranceId).not.toBeNull();
    expect((await auditActions(margaret))[0]).toBe('client.eligibility_checked');

    const history = (
      await manager.post(`${API}/listEligibilityRequestHistory`, { patientId: margaret })
    ).json<{ data: HistoryItem[] }>().data;
    expect(history[0]?.eligibilityRequestId).toBe(summary.eligibilityRequestId);
  });

  it('checks a dependent: the insured is the subscriber, the client the dependent', async () => {
    const summary = await checked(
      manager,
      checkFor(bob, {
        therapistId: okafor,
        serviceCode: 'A6',
        isDependent: true,
        insuredFirstName: 'Helen',
        insuredLastName: 'Sinclair',
        insuredRelationship: 'spouse',
        insuranceNumber: 'W000000003',
      }),
    );
    expect(summary).toMatchObject({
      status: 'COMPLETE',
      isDependent: true,
      serviceCode: 'A6',
      serviceName: 'Psychotherapy',
    });
    const request = segmentsOf(summary.x12.request);
    expect(request).toEqual(
      expect.arrayContaining([
        'HL*3*2*22*1',
        'NM1*IL*1*SINCLAIR*HELEN****MI*W000000003',
        'HL*4*3*23*0',
        'NM1*03*1*SINCLAIR*ROBERT',
        'INS*N*01',
        'EQ*A6',
      ]),
    );
    expect(summary.result?.dependent).toMatchObject({
      firstName: 'ROBERT',
      relationshipCode: '01',
    });
    expect(summary.result?.subscriber).toMatchObject({
      firstName: 'HELEN',
      memberId: 'W000000003',
    });
    expect(summary.result?.coverage).toBe('active');
  });

  it('answers each payer from its sample: visit limits, inactive coverage', async () => {
    const bcbs = await checked(manager, checkFor(margaret, { payerId: '00180' }));
    expect(bcbs.result?.summary).toMatchObject({
      copayCents: 3500,
      visitLimit: 30,
      visitsRemaining: 18,
    });
    const medicare = await checked(manager, checkFor(margaret, { payerId: '14212' }));
    expect(medicare).toMatchObject({
      status: 'COMPLETE',
      coverage: 'inactive',
      failureMessage: null,
    });
    expect(medicare.result?.planEnd).toBe('2023-12-31');
  });

  it('stores a payer rejection as FAILED with the reasons as failureMessage', async () => {
    const before = await rowCount();
    const summary = await checked(manager, checkFor(margaret, { insuranceNumber: 'notfound' }));
    expect(summary).toMatchObject({
      status: 'FAILED',
      failureMessage: 'The subscriber or insured was not found. Please correct and resubmit.',
      errorMessage: null,
    });
    expect(summary.result?.rejections).toHaveLength(1);
    expect(await rowCount()).toBe(before + 1);
  });

  it('gives every check its own control number: ISA13, GS06 and ST02 agree', async () => {
    const a = await checked(manager, checkFor(margaret));
    const b = await checked(owner2, {
      patientId: harriet,
      payerId: '60054',
      serviceCode: '30',
      therapistId: secondPracticeTherapist,
      isDependent: false,
      insuranceNumber: 'W000000005',
    });
    expect(b.controlNumber).toBe(a.controlNumber + 1);
    for (const summary of [a, b]) {
      const request = read270(summary.x12.request);
      expect(Number(request.interchange.controlNumber)).toBe(summary.controlNumber);
      expect(Number(request.group.controlNumber)).toBe(summary.controlNumber);
      expect(Number(request.transactionControlNumber)).toBe(summary.controlNumber);
    }
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an unknown service type', { serviceCode: 'ZZ' }, CHOOSE_SERVICE_TYPE, 'serviceCode'],
    ['a payer the practice does not have', { payerId: '99999' }, CHOOSE_PAYER, 'payerId'],
    [
      'a blank insurance number',
      { insuranceNumber: '  ' },
      'Insurance number is required.',
      'insuranceNumber',
    ],
    [
      'an insurance number X12 cannot carry',
      { insuranceNumber: 'W*1~2' },
      'Insurance number has characters that X12 cannot carry.',
      'insuranceNumber',
    ],
    [
      'a dependent without the insured',
      { isDependent: true, insuredFirstName: '', insuredLastName: null },
      "The insured's last name is required. The insured's first name is required.",
      'insuredLastName',
    ],
  ])('400 for %s, and nothing is written', async (_label, overrides, message, field) => {
    const before = await rowCount();
    const response = await check(manager, checkFor(margaret, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
    expect(await rowCount()).toBe(before);
  });

  it("400 when the client's date of birth is missing", async () => {
    await t.database.db.update(clients).set({ dob: null }).where(eq(clients.id, bob));
    try {
      const before = await rowCount();
      const response = await check(manager, checkFor(bob, { therapistId: okafor }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: "The client's date of birth is required.",
        field: 'patientId',
      });
      expect(await rowCount()).toBe(before);
    } finally {
      await t.database.db.update(clients).set({ dob: '1985-06-15' }).where(eq(clients.id, bob));
    }
  });

  it('400 naming the therapist when they have no NPI', async () => {
    const [saved] = await t.database.db
      .select({ npi: therapists.npi })
      .from(therapists)
      .where(eq(therapists.id, okafor));
    await t.database.db.update(therapists).set({ npi: null }).where(eq(therapists.id, okafor));
    try {
      const response = await check(manager, checkFor(bob, { therapistId: okafor }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message:
          "Daniel Okafor has no NPI. Add the therapist's NPI before checking eligibility: payers identify the provider by it.",
        field: 'therapistId',
      });
      const defaults = (await manager.get(`${API}/eligibilityDefaults?patientId=${bob}`)).json();
      expect(defaults.data.therapists[0]).toMatchObject({ therapistId: okafor, hasNpi: false });
    } finally {
      await t.database.db
        .update(therapists)
        .set({ npi: saved?.npi ?? null })
        .where(eq(therapists.id, okafor));
    }
  });

  it("404 for another practice's therapist or another client's policy", async () => {
    const therapist = await check(
      manager,
      checkFor(margaret, { therapistId: secondPracticeTherapist }),
    );
    expect(therapist.statusCode).toBe(404);
    expect(therapist.json().message).toBe(THERAPIST_NOT_FOUND);
    const [bobsPolicy] = await t.database.db
      .select({ id: clientInsurances.id })
      .from(clientInsurances)
      .where(eq(clientInsurances.clientId, bob));
    const policy = await check(manager, checkFor(margaret, { insuranceId: bobsPolicy?.id }));
    expect(policy.statusCode).toBe(404);
    expect(policy.json().message).toBe(POLICY_NOT_FOUND);
  });

  it('409 while the practice has insurance turned off; the history stays readable', async () => {
    const [settings] = await t.database.db
      .select({ features: practiceSettings.features, practiceId: practiceSettings.practiceId })
      .from(practiceSettings)
      .innerJoin(clients, eq(clients.practiceId, practiceSettings.practiceId))
      .where(eq(clients.id, margaret));
    if (!settings) throw new Error('no settings');
    const where = eq(practiceSettings.practiceId, settings.practiceId);
    await t.database.db
      .update(practiceSettings)
      .set({ features: { ...settings.features, insurance: false } })
      .where(where);
    try {
      const refused = await check(manager, checkFor(margaret));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ELIGIBILITY_TURNED_OFF);
      const history = await manager.post(`${API}/listEligibilityRequestHistory`, {
        patientId: margaret,
      });
      expect(history.statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(practiceSettings)
        .set({ features: settings.features })
        .where(where);
    }
  });
});

describe('who may check and read', () => {
  it('answers 404 to another practice for every call about a client', async () => {
    const calls = [
      () => owner2.get(`${API}/eligibilityDefaults?patientId=${margaret}`),
      () => owner2.get(`${API}/listEligibilityRequestHistory?patientId=${margaret}`),
      () => owner2.post(`${API}/listEligibilityRequestHistory`, { patientId: margaret }),
      () =>
        owner2.post(`${API}/findEligibilityHistoryItem`, {
          patientId: margaret,
          eligibilityRequestId: 1,
        }),
      () => check(owner2, checkFor(margaret)),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
  });

  it('lets a therapist check their own client (demographic access) but not another', async () => {
    const own = await checked(therapist2, checkFor(bob, { therapistId: okafor }));
    expect(own.status).toBe('COMPLETE');
    const other = await therapist2.post(`${API}/listEligibilityRequestHistory`, {
      patientId: margaret,
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses front office staff without demographic or billing access', async () => {
    const response = await frontoffice.post(`${API}/listEligibilityRequestHistory`, {
      patientId: margaret,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ELIGIBILITY_FORBIDDEN);
    expect((await check(frontoffice, checkFor(margaret))).statusCode).toBe(403);
  });

  it('refuses anonymous callers and needs the CSRF token to run a check', async () => {
    const response = await manager.post(`${API}/checkEligibility`, checkFor(margaret), {
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the eligibility report', () => {
  type Report = {
    data: {
      eligibilityRequestId: number;
      createdAt: string;
      patientId: number;
      clientName: string;
      accountNumber: string;
      payerName: string;
      serviceCode: string;
      therapistName: string | null;
      status: string;
      coverage: string | null;
      copayCents: number | null;
      deductibleRemainingCents: number | null;
      message: string | null;
    }[];
    total: number;
    page: number;
    pageSize: number;
    from: string;
    to: string;
    scope: string;
  };
  const isoDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  /** Every seeded and test check: 90 days back to tomorrow. */
  const WIDE = `from=${isoDay(-90)}&to=${isoDay(1)}`;
  const report = async (browser: Browser, query = '') => {
    const response = await browser.get(`/api/reporting/eligibilityCheck${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Report>();
  };

  it('lists the last 30 days practice-wide for the owner, newest first', async () => {
    const body = await report(owner);
    expect(body.scope).toBe('practice');
    const days =
      (Date.parse(`${body.to}T00:00:00Z`) - Date.parse(`${body.from}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(29);
    expect(body.data.length).toBeGreaterThan(5);
    expect(body.total).toBe(body.data.length);
    const dates = body.data.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const since = Date.parse(`${body.from}T00:00:00Z`) - 86_400_000;
    expect(body.data.every((r) => Date.parse(r.createdAt) >= since)).toBe(true);
    expect(body.data.some((r) => r.clientName === 'Harriet Harbor')).toBe(false);
    const complete = body.data.find(
      (r) => r.status === 'COMPLETE' && r.coverage === 'active' && r.payerName === 'Aetna',
    );
    expect(complete).toMatchObject({
      copayCents: 3000,
      deductibleRemainingCents: 100050,
      message: null,
    });
    expect(complete?.accountNumber).toMatch(/^C\d{9}$/);
    const rejected = body.data.find((r) => r.status === 'FAILED');
    expect(rejected?.message).toMatch(/Please correct and resubmit|Resubmission is allowed/);
  });

  it('filters, sorts and pages', async () => {
    const all = await report(owner, `?${WIDE}&pageSize=100`);
    const failed = await report(owner, `?${WIDE}&status=FAILED&pageSize=100`);
    expect(failed.data.every((r) => r.status === 'FAILED')).toBe(true);
    expect(failed.total).toBe(all.data.filter((r) => r.status === 'FAILED').length);
    const byClient = await report(owner, `?${WIDE}&sort=client&direction=asc&pageSize=100`);
    const lastNames = byClient.data.map((r) => r.clientName.split(' ').at(-1)?.toLowerCase() ?? '');
    expect(lastNames).toEqual([...lastNames].sort());
    const page1 = await report(owner, `?${WIDE}&pageSize=10&page=1`);
    expect(page1.data.map((r) => r.eligibilityRequestId)).toEqual(
      all.data.slice(10, 20).map((r) => r.eligibilityRequestId),
    );
    expect(page1.total).toBe(all.total);
    const past = await report(owner, `?${WIDE}&pageSize=10&page=500`);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(all.total);
    const byTherapist = await report(owner, `?${WIDE}&therapistId=${okafor}&pageSize=100`);
    expect(byTherapist.data.every((r) => r.therapistName === 'Daniel Okafor')).toBe(true);
    expect(byTherapist.total).toBeGreaterThan(0);
  });

  it("shows a therapist with reporting only their own clients' checks", async () => {
    const body = await report(therapist1, `?${WIDE}&pageSize=100`);
    expect(body.scope).toBe('ownClients');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r.patientId !== bob)).toBe(true);
    expect(body.data.some((r) => r.patientId === margaret)).toBe(true);
  });

  it('shows each practice only its own checks and audits every client read', async () => {
    const body = await report(owner2, `?${WIDE}`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r.patientId === harriet)).toBe(true);
    expect((await auditActions(harriet))[0]).toBe('client.eligibility_report_viewed');
  });

  it.each([
    ['?from=2026-02-10&to=2026-02-01', PERIOD_ORDER],
    ['?from=2024-01-01&to=2026-01-01', PERIOD_TOO_LONG],
  ])('400 for the period %s', async (query, message) => {
    const response = await owner.get(`/api/reporting/eligibilityCheck${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('400 for a date that is not real, and 403 without the reporting role', async () => {
    expect((await owner.get('/api/reporting/eligibilityCheck?from=2026-02-30')).statusCode).toBe(
      400,
    );
    const refused = await manager.get('/api/reporting/eligibilityCheck');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Permission denied');
  });
});

/**
 * The real adapter against a stand-in clearinghouse: a node:http server on
 * this machine records what it is sent and answers what the test says.
 */
class StandInClearinghouse {
  received: { headers: IncomingMessage['headers']; body: string }[] = [];
  answer: (request270: string) => { status: number; body: string } = () => ({
    status: 500,
    body: '',
  });
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: request.headers, body });
        const answer = this.answer(body);
        response.writeHead(answer.status, { 'content-type': 'application/edi-x12' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/edi/270`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => {
        resolve();
      });
    });
  }
}

describe('the clearinghouse adapter', () => {
  const TOKEN = 'clearinghouse-token-9';
  const stand = new StandInClearinghouse();
  const sample = readFileSync(join(DEFAULT_SAMPLES_DIR, '60054.271'), 'utf8');
  let database: Database;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let biller: Browser;

  beforeAll(async () => {
    await stand.start();
    database = await testDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'op-elig-'));
    // 14:05 on 2 March 2026 in the practice's zone (America/New_York).
    const clock = testClock(new Date('2026-03-02T19:05:00Z'));
    app = await buildApp({
      database,
      dataDir,
      now: clock.now,
      logLevel: 'silent',
      publicRateLimit: 10_000,
      clearinghouse: {
        url: stand.url,
        token: TOKEN,
        submitterId: 'RIVERBEND01',
        receiverId: '030240928',
        usage: 'P',
      },
    });
    biller = await signedIn(app, 'biller');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await stand.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not in test mode', async () => {
    const body = (await biller.get(`${API}/listEligibilityPayers`)).json();
    expect(body).toMatchObject({ mode: 'clearinghouse', testMode: false });
  });

  it('POSTs the exact 270 and reads the 271 it answers', async () => {
    stand.received = [];
    stand.answer = (request270) => ({ status: 200, body: echo271(sample, request270) });
    const response = await biller.post(`${API}/checkEligibility`, checkFor(margaret));
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: Summary }>().data;
    expect(summary).toMatchObject({
      status: 'COMPLETE',
      adapter: 'clearinghouse',
      testMode: false,
    });
    expect(summary.result?.summary.copayCents).toBe(3000);

    expect(stand.received).toHaveLength(1);
    const sent = stand.received[0];
    expect(sent?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/edi-x12',
      accept: 'application/edi-x12',
      'x-payer-id': '60054',
    });
    const n = summary.controlNumber;
    const n4 = String(n).padStart(4, '0');
    const n9 = String(n).padStart(9, '0');
    const trace = `ELIG${n9}`;
    expect(sent?.body.split('~')).toEqual([
      `ISA*00*          *00*          *ZZ*RIVERBEND01    *ZZ*030240928      *260302*1405*^*00501*${n9}*0*P*:`,
      `GS*HS*RIVERBEND01*030240928*20260302*1405*${n}*X*005010X279A1`,
      `ST*270*${n4}*005010X279A1`,
      `BHT*0022*13*${trace}*20260302*1405`,
      'HL*1**20*1',
      'NM1*PR*2*AETNA*****PI*60054',
      'HL*2*1*21*1',
      'NM1*1P*1*QUINN*THERESA****XX*1528461035',
      'HL*3*2*22*0',
      `TRN*1*${trace}*9152846103`,
      'NM1*IL*1*HAMILTON*MARGARET****MI*W000000002',
      'DMG*D8*19850615*F',
      'DTP*291*D8*20260302',
      'EQ*MH',
      `SE*13*${n4}`,
      `GE*1*${n}`,
      `IEA*1*${n9}`,
      '',
    ]);
    const [row] = await database.db
      .select({
        requestX12: eligibilityRequests.requestX12,
        responseX12: eligibilityRequests.responseX12,
      })
      .from(eligibilityRequests)
      .where(eq(eligibilityRequests.id, summary.eligibilityRequestId));
    expect(row?.requestX12).toBe(sent?.body);
    expect(row?.responseX12).toBe(echo271(sample, sent?.body ?? ''));
  });

  it.each<[string, (request270: string) => { status: number; body: string }, string]>([
    ['a refusal', () => ({ status: 503, body: 'busy' }), clearinghouseRefused(503)],
    [
      'a 999 acknowledgment',
      () => ({
        status: 200,
        body: 'ISA*00*          *00*          *ZZ*030240928      *ZZ*RIVERBEND01    *260302*1405*^*00501*000000001*0*P*:~GS*FA*030240928*RIVERBEND01*20260302*1405*1*X*005010X231A1~ST*999*0001*005010X231A1~AK1*HS*1*005010X279A1~AK9*R*1*1*0~SE*4*0001~GE*1*1~IEA*1*000000001~',
      }),
      ACKNOWLEDGMENT_REJECTION,
    ],
    [
      'something that is not X12',
      () => ({ status: 200, body: '<html>maintenance</html>' }),
      NOT_A_271,
    ],
    [
      'an empty answer',
      () => ({ status: 200, body: '  ' }),
      'The clearinghouse sent an empty answer.',
    ],
    [
      "another request's answer",
      (request270) => ({
        status: 200,
        body: echo271(sample, request270).replace(/TRN\*2\*ELIG\d+/, 'TRN*2*ELIG999999999'),
      }),
      TRACE_MISMATCH,
    ],
  ])('stores ERROR with errorMessage for %s', async (_label, answer, message) => {
    stand.answer = answer;
    const summary = (await biller.post(`${API}/checkEligibility`, checkFor(margaret))).json<{
      data: Summary;
    }>().data;
    expect(summary.status).toBe('ERROR');
    expect(summary.errorMessage?.startsWith(message)).toBe(true);
    expect(summary.failureMessage).toBeNull();
    const [row] = await database.db
      .select({
        status: eligibilityRequests.status,
        errorMessage: eligibilityRequests.errorMessage,
      })
      .from(eligibilityRequests)
      .where(eq(eligibilityRequests.id, summary.eligibilityRequestId));
    expect(row).toEqual({ status: 'ERROR', errorMessage: summary.errorMessage });
  });

  it('stores ERROR when the clearinghouse cannot be reached', async () => {
    const unreachable = await buildApp({
      database,
      dataDir,
      logLevel: 'silent',
      clearinghouse: { url: 'http://127.0.0.1:9/edi/270', token: TOKEN },
    });
    try {
      const browser = await signedIn(unreachable, 'biller');
      const summary = (await browser.post(`${API}/checkEligibility`, checkFor(margaret))).json<{
        data: Summary;
      }>().data;
      expect(summary).toMatchObject({ status: 'ERROR', errorMessage: CLEARINGHOUSE_UNREACHABLE });
    } finally {
      await unreachable.close();
    }
  });

  it('stores ERROR when test mode has no sample answer', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'op-samples-'));
    const local = await buildApp({
      database,
      dataDir,
      logLevel: 'silent',
      clearinghouse: { samplesDir: emptyDir },
    });
    try {
      const browser = await signedIn(local, 'biller');
      const summary = (await browser.post(`${API}/checkEligibility`, checkFor(margaret))).json<{
        data: Summary;
      }>().data;
      expect(summary).toMatchObject({
        status: 'ERROR',
        adapter: 'local',
        errorMessage:
          'Test mode has no sample answer for payer 60054: add default.271 to the sample folder.',
      });
    } finally {
      await local.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
