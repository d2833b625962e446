import { era835 } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERA_RESOLVE_MESSAGES } from '../src/modules/claims/era-resolve.ts';
import { eraClaims } from './era-claims.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Resolving problemERA rows on the real database (issue 20 item 7): a claim an ERA could not
 * post moves on by what the biller says became of it (posted by hand → paid, denied, asked
 * the payer again → accepted), with the note on the claim's log; a payment naming no claim of
 * ours can only be dismissed; a row is resolved once; another practice's rows are not found;
 * only the billing role may resolve, with the CSRF token; each resolution is audited.
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;
let helpers: Awaited<ReturnType<typeof eraClaims>>;
let trace = 0;

type Problem = { id: number; claimId: number | null; patientControlNumber: string | null };

/** An ERA for the claim whose only line matches none of the claim's: one problem, on the claim. */
async function claimProblem(
  lastName: string,
): Promise<{ problem: Problem; claimId: number; clientId: number }> {
  const claimed = await helpers.claimedSession(lastName);
  const stranger = { ...claimed.line, lineControlNumber: 'ZZ-NOT-OURS', code: '90791' };
  trace += 1;
  const answer = await biller.post('/api/claims/era', {
    text: era835({
      traceNumber: `CHK-RESOLVE-${trace}`,
      claims: [{ patientControlNumber: claimed.pcn, lines: [stranger] }],
    }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [problem] = answer.json<{ data: { problems: Problem[] } }>().data.problems;
  if (!problem) throw new Error('no problem');
  expect(await helpers.statusOf(claimed.claimId)).toBe('problemEra');
  return { problem, claimId: claimed.claimId, clientId: claimed.clientId };
}

/** An ERA paying a claim number no claim of the practice has: one problem, on no claim. */
async function strayProblem(): Promise<Problem> {
  trace += 1;
  const answer = await biller.post('/api/claims/era', {
    text: era835({
      traceNumber: `CHK-STRAY-${trace}`,
      claims: [
        {
          patientControlNumber: `NOSUCH-R${trace}`,
          lines: [
            {
              code: '90834',
              date: '2024-06-18',
              chargeCents: 12_000,
              paidCents: 9_000,
              contractualCents: 3_000,
            },
          ],
        },
      ],
    }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [problem] = answer.json<{ data: { problems: Problem[] } }>().data.problems;
  if (!problem) throw new Error('no problem');
  return problem;
}

const resolve = (problemId: number, body: object, browser = biller) =>
  browser.post(`/api/claims/era/problems/${problemId}/resolve`, body);

async function openProblemIds(): Promise<number[]> {
  const list = await biller.get('/api/claims/era/problems?limit=200');
  expect(list.statusCode).toBe(200);
  return list.json<{ data: { rows: { id: number }[] } }>().data.rows.map((row) => row.id);
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  otherOwner = await signedIn(t.app, 'owner2');
  helpers = await eraClaims(t);
  therapist = helpers.therapist;
}, 120_000);
afterAll(() => t.close());

describe('resolving a problemERA row', () => {
  it.each([
    ['postedByHand', 'paid'],
    ['denied', 'denied'],
    ['askedPayer', 'accepted'],
  ] as const)(
    '%s moves the claim to %s, keeps the note on its log and leaves the list',
    async (outcome, status) => {
      const { problem, claimId, clientId } = await claimProblem(`Resolve-${outcome}`);
      expect(await openProblemIds()).toContain(problem.id);
      const answer = await resolve(problem.id, { outcome, note: 'Posted from the paper EOB' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ data: unknown }>().data).toEqual({
        id: problem.id,
        claimId,
        claimStatus: status,
      });
      expect(await helpers.statusOf(claimId)).toBe(status);
      const event = await helpers.one<{
        detail: { resolution: string; note: string; eraProblemId: number };
      }>(sql`select detail from claim_events where claim_id = ${claimId} order by id desc limit 1`);
      expect(event.detail).toEqual({
        eraProblemId: problem.id,
        resolution: outcome,
        note: 'Posted from the paper EOB',
      });
      expect(await openProblemIds()).not.toContain(problem.id);
      const audit = await helpers.one<{ patientId: number; detail: { outcome: string } }>(
        sql`select patient_id as "patientId", detail from audit_log
          where action = 'claims.era_problem_resolved' order by id desc limit 1`,
      );
      expect(audit.patientId).toBe(clientId);
      expect(audit.detail.outcome).toBe(outcome);
    },
  );

  it('resolves a row once: a second resolution is a conflict and changes nothing', async () => {
    const { problem, claimId } = await claimProblem('Resolve-Twice');
    expect((await resolve(problem.id, { outcome: 'denied' })).statusCode).toBe(200);
    const again = await resolve(problem.id, { outcome: 'postedByHand' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(ERA_RESOLVE_MESSAGES.resolved);
    expect(await helpers.statusOf(claimId)).toBe('denied');
  });

  it('asks what became of a claim rather than dismissing it, naming the field', async () => {
    const { problem, claimId } = await claimProblem('Resolve-Dismiss');
    const answer = await resolve(problem.id, { outcome: 'dismissed' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string; field: string }>()).toMatchObject({
      message: ERA_RESOLVE_MESSAGES.claimOutcome,
      field: 'outcome',
    });
    expect(await helpers.statusOf(claimId)).toBe('problemEra');
    expect(await openProblemIds()).toContain(problem.id);
  });

  it('only dismisses a payment that names no claim of the practice', async () => {
    const problem = await strayProblem();
    expect(problem.claimId).toBeNull();
    const refused = await resolve(problem.id, { outcome: 'postedByHand' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(ERA_RESOLVE_MESSAGES.noClaim);
    const dismissed = await resolve(problem.id, { outcome: 'dismissed' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<{ data: unknown }>().data).toEqual({
      id: problem.id,
      claimId: null,
      claimStatus: null,
    });
    expect(await openProblemIds()).not.toContain(problem.id);
  });

  it('refuses an unknown outcome and an overlong note, naming the field, and writes nothing', async () => {
    const { problem } = await claimProblem('Resolve-Bad');
    const unknown = await resolve(problem.id, { outcome: 'ignored' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('outcome');
    const long = await resolve(problem.id, { outcome: 'denied', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('note');
    expect(await openProblemIds()).toContain(problem.id);
  });

  it('does not find another practice’s problems, with or without a claim', async () => {
    const { problem } = await claimProblem('Resolve-Other');
    const stray = await strayProblem();
    expect((await resolve(problem.id, { outcome: 'denied' }, otherOwner)).statusCode).toBe(404);
    expect((await resolve(stray.id, { outcome: 'dismissed' }, otherOwner)).statusCode).toBe(404);
    expect(await openProblemIds()).toEqual(expect.arrayContaining([problem.id, stray.id]));
  });

  it('is the billing role’s, and needs the CSRF token', async () => {
    const stray = await strayProblem();
    expect((await resolve(stray.id, { outcome: 'dismissed' }, therapist)).statusCode).toBe(403);
    const noToken = await biller.post(
      `/api/claims/era/problems/${stray.id}/resolve`,
      { outcome: 'dismissed' },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    expect(await openProblemIds()).toContain(stray.id);
  });
});
