import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Printing treatment plans, past plans and form responses (issue 18 item 7, spec-1 §9): the
 * plans and forms are written, signed and revoked through their own routes; the print job
 * makes real PDFs, read back with pdftotext. Drafts and forms still being filled in never
 * print; plans need clinical access as the plan pages do; measures leave a biller's print.
 */

const MINUTE = 60_000;

type Status = {
  jobId: number;
  status: string;
  downloads: { recordTypes: string[]; url: string | null }[];
};

let t: TestApp;
let manager: Browser;
let therapist1: Browser;
let biller: Browser;
let owner2: Browser;
let clientId: number;
let tmp: string;
const defs = new Map<string, number>();

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await rowsOf<T>(t.database.db, query))[0] as T;

const planContent = (problem: string) => ({
  diagnoses: ['F41.1'],
  presentingProblem: problem,
  strengths: 'Supportive partner.',
  goals: [
    {
      id: 'g1',
      text: 'Reduce anxiety',
      objectives: [{ id: 'o1', text: 'GAD-7 below 5 twice running', targetDate: '2027-03-01' }],
    },
  ],
  interventions: 'CBT and relaxation training.',
  frequency: 'Weekly 53-minute sessions',
  dischargeCriteria: 'GAD-7 below 5 for a month.',
});

type Plan = { planId: number; reviewDate: string; updatedAt: string; state: string };
const planOf = (response: { json: () => unknown }) => (response.json() as { data: Plan }).data;

/** Saves the draft with this presenting problem; signs it when asked. */
async function writePlan(plan: Plan, problem: string, signIt: boolean): Promise<Plan> {
  const saved = await therapist1.request('PUT', `/api/treatmentPlans/${plan.planId}`, {
    content: planContent(problem),
    reviewDate: plan.reviewDate,
    updatedAt: plan.updatedAt,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (!signIt) return planOf(saved);
  t.clock.advance(MINUTE);
  const signed = await therapist1.post(`/api/treatmentPlans/${plan.planId}/sign`);
  expect(signed.statusCode, signed.body).toBe(200);
  return planOf(signed);
}

async function seedPlans(therapistId: number): Promise<void> {
  const verified = await therapist1.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
  expect(verified.json()).toEqual({ verified: true });
  const created = await therapist1.post('/api/treatmentPlans', {
    patientId: clientId,
    therapistId,
  });
  expect(created.statusCode, created.body).toBe(200);
  const first = await writePlan(planOf(created), 'PLAN-V1-PAST-PROBLEM', true);
  t.clock.advance(MINUTE);
  const revised = await therapist1.post(`/api/treatmentPlans/${first.planId}/revise`);
  expect(revised.statusCode, revised.body).toBe(200);
  const second = await writePlan(planOf(revised), 'PLAN-V2-CURRENT-PROBLEM', true);
  const progress = await therapist1.post(`/api/treatmentPlans/${second.planId}/progress`, {
    goalId: 'g1',
    progress: 'improving',
  });
  expect(progress.statusCode, progress.body).toBe(200);
  // The client's typed-name signature, as the portal stores it.
  await t.database.db.execute(sql`insert into treatment_plan_signatures
      (plan_id, role, user_id, signer_name, typed_name, content_hash, signed_at)
      select ${second.planId}, 'client', u.id, 'Paige Printer', 'Paige Printer', ${'d'.repeat(64)},
        ${t.clock.now().toISOString()}::timestamptz
      from users u where u.username = 'client1'`);
  t.clock.advance(MINUTE);
  // A revision still in draft replaces nothing and never prints.
  const draft = await therapist1.post(`/api/treatmentPlans/${second.planId}/revise`);
  await writePlan(planOf(draft), 'PLAN-V3-DRAFT-PROBLEM', false);
}

async function seedForms(): Promise<void> {
  const given = await manager.post('/api/form/assignment', {
    patientId: clientId,
    formDefinitionIds: ['release-of-information', 'gad7', 'intake'].map((k) => defs.get(k)),
  });
  expect(given.statusCode, given.body).toBe(201);
  const ids = new Map(
    (given.json().data as { id: number; formDefinitionId: number }[]).map((a) => [
      a.formDefinitionId,
      a.id,
    ]),
  );
  const release = ids.get(defs.get('release-of-information')!)!;
  const submitted = await manager.post(`/api/form/response/${release}/submit`, {
    answers: {
      recipient: 'FORM-RECIPIENT Dr. Grant',
      recipientContact: '(207) 555-0100',
      scope: ['attendance', 'treatmentPlan'],
      purpose: 'Coordination of care',
      expires: '2027-06-30',
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const signed = await manager.post(`/api/form/response/${release}/sign`, {
    typedName: 'Paige Printer',
    signedOn: '2026-05-04',
  });
  expect(signed.statusCode, signed.body).toBe(200);
  t.clock.advance(MINUTE);
  const revoked = await manager.post(`/api/form/response/${release}/revoke`, {
    reason: 'REVOKED-REASON changed providers',
  });
  expect(revoked.statusCode, revoked.body).toBe(200);
  const gad7 = ids.get(defs.get('gad7')!)!;
  const answers = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7-${i + 1}`, '1']));
  const scored = await manager.post(`/api/form/response/${gad7}/submit`, { answers });
  expect(scored.statusCode, scored.body).toBe(200);
}

const body = (recordTypes: string[]) => ({
  patientRecordIds: [clientId],
  recordTypes,
  startDate: null,
  endDate: null,
  singlePdf: true,
  sendCompleteMessage: false,
  releasePurpose: 'Continuity of care',
  releasedTo: 'Dr. Ellie Sattler',
});

async function printedText(browser: Browser, recordTypes: string[]): Promise<string> {
  const started = await browser.post('/api/patientRecords/printPatientRecords', body(recordTypes));
  expect(started.statusCode, started.body).toBe(202);
  const jobId = started.json<{ data: { jobId: number } }>().data.jobId;
  let status: Status | undefined;
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await browser.post('/api/patientRecords/checkPrintRecordsStatus', { jobId });
    status = response.json<{ data: Status }>().data;
    if (status.status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(status?.status).toBe('complete');
  const pdf = await browser.get(status?.downloads[0]?.url ?? '');
  expect(pdf.statusCode).toBe(200);
  const path = join(tmp, `${String(jobId)}.pdf`);
  writeFileSync(path, pdf.rawPayload);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await testApp();
  tmp = mkdtempSync(join(tmpdir(), 'op-print-docs-'));
  [manager, therapist1, biller, owner2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'biller'),
    signedIn(t.app, 'owner2'),
  ]);
  const therapist = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  );
  clientId = (
    await one<{ id: number }>(sql`insert into clients
      (practice_id, account_number, first_name, last_name, dob)
      values (1, 990101, 'Paige', 'Printer', '1990-02-03') returning id`)
  ).id;
  await t.database.db
    .execute(sql`insert into client_therapists (client_id, therapist_id, is_primary)
      values (${clientId}, ${therapist.id}, true)`);
  for (const d of (await manager.get('/api/form/definition')).json().data as {
    id: number;
    libraryKey: string | null;
  }[])
    if (d.libraryKey) defs.set(d.libraryKey, d.id);
  await seedPlans(therapist.id);
  await seedForms();
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('printing plans and forms', () => {
  it('offers and counts them by who may see them', async () => {
    const options = await manager.get(`/api/patientRecords/printOptions?patientId=${clientId}`);
    expect(options.json().data.recordTypes).toEqual([
      'patient_chart',
      'treatment_plan',
      'past_treatment_plans',
      'appointments',
      'form_response',
    ]);
    const types = ['treatment_plan', 'past_treatment_plans', 'form_response'];
    const counts = await manager.post('/api/patientRecords/findBatchCountTotals', {
      ...body(types),
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data).toEqual([
      { recordType: 'treatment_plan', count: 1 },
      { recordType: 'past_treatment_plans', count: 1 },
      { recordType: 'form_response', count: 2 },
    ]);
    // A biller sees forms but not plans, and their print leaves the GAD-7 (a measure) out.
    const forBiller = await biller.get(`/api/patientRecords/printOptions?patientId=${clientId}`);
    expect(forBiller.json().data.recordTypes).toEqual(['appointments', 'form_response']);
    const billerPlans = await biller.post(
      '/api/patientRecords/findBatchCountTotals',
      body(['treatment_plan']),
    );
    expect(billerPlans.statusCode).toBe(403);
    const billerForms = await biller.post(
      '/api/patientRecords/findBatchCountTotals',
      body(['form_response']),
    );
    expect(billerForms.json().total).toBe(1);
    const foreign = await owner2.post('/api/patientRecords/findBatchCountTotals', body(types));
    expect(foreign.statusCode).toBe(404);
  });

  it('prints the current plan with its signatures, and not the draft revision', async () => {
    const text = await printedText(manager, ['treatment_plan']);
    for (const expected of [
      'Treatment plan with Theresa Quinn, version 2',
      'PLAN-V2-CURRENT-PROBLEM',
      'F41.1',
      'Goal 1: Reduce anxiety (Improving)',
      '1.1 GAD-7 below 5 twice running, by 03/01/2027',
      'Weekly 53-minute sessions',
      '(therapist) on',
      'Signed by Paige Printer (client, typed "Paige Printer")',
      'd'.repeat(64),
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const excluded of ['PLAN-V1-PAST-PROBLEM', 'PLAN-V3-DRAFT-PROBLEM', 'FORM-RECIPIENT']) {
      expect(text, excluded).not.toContain(excluded);
    }
  });

  it('prints past plans: the older signed versions only', async () => {
    const text = await printedText(manager, ['past_treatment_plans']);
    expect(text).toContain('Past treatment plans');
    expect(text).toContain('version 1');
    expect(text).toContain('PLAN-V1-PAST-PROBLEM');
    expect(text).not.toContain('PLAN-V2-CURRENT-PROBLEM');
    expect(text).not.toContain('PLAN-V3-DRAFT-PROBLEM');
  });

  it('prints finished form responses with signatures, revocations and scores', async () => {
    const text = await printedText(manager, ['form_response']);
    for (const expected of [
      'Form responses',
      'Release of information (version 1)',
      'State: Revoked',
      'Share with (name or organisation)',
      'FORM-RECIPIENT Dr. Grant',
      'Attendance',
      'Treatment plan and progress',
      'Signed "Paige Printer", dated 05/04/2026',
      'REVOKED-REASON changed providers',
      'GAD-7',
      'Score: 7 (Mild)',
      'Several days',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The intake form was only assigned: nothing of it prints.
    expect(text).not.toContain('Intake questionnaire');

    const forBiller = await printedText(biller, ['form_response']);
    expect(forBiller).toContain('FORM-RECIPIENT Dr. Grant');
    expect(forBiller).not.toContain('Several days');
  });

  it('records the disclosure with the counts of each type', async () => {
    await printedText(manager, ['treatment_plan', 'past_treatment_plans', 'form_response']);
    const audit = await one<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'client.records_printed'
          and patient_id = ${clientId} order by id desc limit 1`,
    );
    expect(audit.detail).toMatchObject({
      disclosure: true,
      counts: { treatment_plan: 1, past_treatment_plans: 1, form_response: 2 },
    });
  });
});
