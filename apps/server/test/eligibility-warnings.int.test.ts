import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, insuranceConfirmations, therapists } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Eligibility honesty (issue 15): a complete answer says what to check before
 * relying on 'Coverage: Active': plan dates that have ended or not begun on
 * the practice's today, and a cost share differing from the policy's newest
 * benefits confirmation. Test mode answers from the shipped samples
 * (default.271: plan 01/01/2024–12/31/2024, $30 copay, 20 %, $1,500
 * deductible; member PLANENDED: the same, ended 12/31/2019).
 */

const API = '/api/patientInsurance';

type Warning = { code: string; label: string; message: string };
type Summary = {
  eligibilityRequestId: number;
  status: string;
  coverage: string | null;
  insuranceId: number | null;
  warnings: Warning[];
};

let t: TestApp;
let manager: Browser;
let margaret: number;
let quinn: number;

const checkFor = (insuranceNumber: string) => ({
  patientId: margaret,
  payerId: '60054',
  serviceCode: 'MH',
  therapistId: quinn,
  isDependent: false,
  insuranceNumber,
});

async function checked(insuranceNumber: string): Promise<Summary> {
  const response = await manager.post(`${API}/checkEligibility`, checkFor(insuranceNumber));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Summary }>().data;
}

async function reloaded(eligibilityRequestId: number): Promise<Summary> {
  const response = await manager.post(`${API}/findEligibilityHistoryItem`, {
    patientId: margaret,
    eligibilityRequestId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Summary }>().data;
}

async function confirm(insuranceId: number, benefits: Record<string, unknown>) {
  const response = await manager.post(`${API}/saveConfirmation`, {
    patientId: margaret,
    insuranceId,
    ...benefits,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const codes = (summary: Summary) => summary.warnings.map((w) => w.code);

beforeAll(async () => {
  t = await testApp();
  manager = await signedIn(t.app, 'manager');
  const [client] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, 'Margaret'), eq(clients.lastName, 'Hamilton')));
  const [therapist] = await t.database.db
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.lastName, 'Quinn'));
  if (!client || !therapist) throw new Error('demo data missing');
  margaret = client.id;
  quinn = therapist.id;
});
afterAll(() => t.close());

describe('eligibility warnings', () => {
  it('warns of a plan that ended, on the answer and on reloading it', async () => {
    t.clock.set(new Date('2026-03-02T15:00:00Z'));
    const summary = await checked('PLANENDED');
    expect(summary).toMatchObject({ status: 'COMPLETE', coverage: 'active' });
    expect(summary.warnings).toContainEqual({
      code: 'planEnded',
      label: 'Plan ended 12/31/2019',
      message:
        "The payer says the plan ended on 12/31/2019. Confirm the client's current coverage before relying on this answer.",
    });
    expect(codes(await reloaded(summary.eligibilityRequestId))).toContain('planEnded');
  });

  it('warns of nothing about the dates while the plan runs, and of its start before it begins', async () => {
    t.clock.set(new Date('2024-06-15T15:00:00Z'));
    const current = await checked('W000000002');
    expect(codes(current).filter((c) => c.startsWith('plan'))).toEqual([]);
    // The same stored answer, read after its plan ended, says so.
    t.clock.set(new Date('2025-01-02T15:00:00Z'));
    expect(codes(await reloaded(current.eligibilityRequestId))).toContain('planEnded');

    const later = await checked('PLANLATER');
    expect(later.warnings.find((w) => w.code === 'planNotStarted')?.label).toBe(
      'Plan begins 01/01/2099',
    );
  });

  it("compares the cost share with the policy's newest benefits confirmation", async () => {
    t.clock.set(new Date('2024-06-15T15:00:00Z'));
    const first = await checked('W000000002');
    const insuranceId = first.insuranceId;
    if (insuranceId === null) throw new Error('the check names no policy');
    await t.database.db
      .delete(insuranceConfirmations)
      .where(eq(insuranceConfirmations.clientInsuranceId, insuranceId));

    // No confirmation: nothing to disagree with.
    expect((await checked('W000000002')).warnings).toEqual([]);

    // An older confirmation that disagrees is replaced by a newer one that agrees.
    await confirm(insuranceId, {
      authDate: '2024-01-10',
      copayCents: 4000,
      coinsurancePercent: 30,
      deductibleCents: 100000,
    });
    const disagreeing = await checked('W000000002');
    expect(disagreeing.warnings).toEqual([
      {
        code: 'copayDiffers',
        label: 'Copay differs',
        message:
          'Copay: the payer says $30.00; the benefits confirmation of 01/10/2024 says $40.00.',
      },
      {
        code: 'coinsuranceDiffers',
        label: 'Coinsurance differs',
        message:
          'Coinsurance: the payer says 20%; the benefits confirmation of 01/10/2024 says 30%.',
      },
      {
        code: 'deductibleDiffers',
        label: 'Deductible differs',
        message:
          'Deductible: the payer says $1,500.00; the benefits confirmation of 01/10/2024 says $1,000.00.',
      },
    ]);

    await confirm(insuranceId, {
      authDate: '2024-05-01',
      copayCents: 3000,
      coinsurancePercent: 20,
      // Not confirmed: not compared.
      deductibleCents: null,
    });
    expect((await reloaded(disagreeing.eligibilityRequestId)).warnings).toEqual([]);
  });

  it('warns of nothing for a rejection or an inactive plan', async () => {
    t.clock.set(new Date('2026-03-02T15:00:00Z'));
    const rejected = await checked('NOTFOUND');
    expect(rejected).toMatchObject({ status: 'FAILED', warnings: [] });

    const response = await manager.post(`${API}/checkEligibility`, {
      ...checkFor('W000000002'),
      payerId: '14212',
    });
    const inactive = response.json<{ data: Summary }>().data;
    // Its plan ended too (12/31/2023), which the coverage already says.
    expect(inactive).toMatchObject({ status: 'COMPLETE', coverage: 'inactive', warnings: [] });
  });
});
