import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * A claim's history on the real database (issue 20 item 8): every version and every event of
 * the log as stored, for the billing role only, gated for the claim's client (another
 * practice's claim is unknown) and audited with that client.
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;

type History = {
  claimId: number;
  patientId: number;
  clientName: string;
  status: string;
  versions: {
    version: number;
    patientControlNumber: string;
    lines: { procedureCode: string; lineControlNumber: string }[];
    events: { kind: string; status: string; at: string }[];
  }[];
};

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  therapist = await signedIn(t.app, 'therapist1');
  otherOwner = await signedIn(t.app, 'owner2');
});
afterAll(() => t.close());

/** A demo claim ready to submit, as its list shows it. */
async function readyClaim(): Promise<{ claimId: number; patientId: number }> {
  const list = await biller.get('/api/claims/list/readyToSubmit');
  expect(list.statusCode, list.body).toBe(200);
  const [row] = list.json<{ data: { rows: { claimId: number; patientId: number }[] } }>().data.rows;
  if (!row) throw new Error('The demo has no claim ready to submit.');
  return row;
}

describe('GET /api/claims/:claimId/history', () => {
  it('answers every version with its lines and every event as stored, oldest first', async () => {
    const { claimId, patientId } = await readyClaim();
    const response = await biller.get(`/api/claims/${claimId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<{ data: History }>().data;
    expect(history).toMatchObject({ claimId, patientId, status: 'readyToSubmit' });
    const stored = await rowsOf<{ kind: string; status: string }>(
      t.database.db,
      sql`select e.kind, e.status from claim_events e where e.claim_id = ${claimId} order by e.id`,
    );
    expect(
      history.versions.flatMap((v) => v.events.map(({ kind, status }) => ({ kind, status }))),
    ).toEqual(stored);
    expect(history.versions[0]?.events[0]?.kind).toBe('created');
    const [line] = history.versions[0]?.lines ?? [];
    expect(line?.procedureCode).toMatch(/^\d{5}$/);
    expect(line?.lineControlNumber).not.toBe('');
  });

  it('is audited with the claim’s client', async () => {
    const { claimId, patientId } = await readyClaim();
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log
              where action = 'claims.history_read' and patient_id = ${patientId}`,
        )
      )[0]?.n ?? 0;
    const before = await count();
    expect((await biller.get(`/api/claims/${claimId}/history`)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('is refused to a therapist and unknown to another practice or for no such claim', async () => {
    const { claimId } = await readyClaim();
    expect((await therapist.get(`/api/claims/${claimId}/history`)).statusCode).toBe(403);
    expect((await otherOwner.get(`/api/claims/${claimId}/history`)).statusCode).toBe(404);
    const missing = await biller.get('/api/claims/99999999/history');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'We could not find that claim.' });
  });

  it('the demo’s paid claim names the payer’s claim number, and its stray ERA waits for a person', async () => {
    const paid = await biller.get('/api/claims/list/paid');
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = paid.json<{ data: { rows: { claimId: number }[] } }>().data.rows;
    if (!row) throw new Error('The demo has no paid claim.');
    const history = (await biller.get(`/api/claims/${row.claimId}/history`)).json<{
      data: History & { payerClaimNumber: string | null };
    }>().data;
    expect(history.status).toBe('paid');
    expect(history.payerClaimNumber).toMatch(/^PAYER\d{6}$/);
    const problems = await biller.get('/api/claims/era/problems');
    expect(
      problems.json<{ data: { rows: { patientControlNumber: string }[] } }>().data.rows,
    ).toContainEqual(expect.objectContaining({ patientControlNumber: 'OTHER-88421' }));
  });
});
