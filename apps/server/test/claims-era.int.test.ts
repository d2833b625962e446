import { era835 } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERA_MESSAGES } from '../src/modules/claims/era-service.ts';
import { eraClaims } from './era-claims.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * ERA 835 posting on the real database (issue 20 item 7): an insured client's attended session
 * makes a claim (automatically) and a charge; an 835 for it pays the insurer's part, writes off
 * the contractual adjustment and leaves the copay on the client's balance, and moves the claim
 * to paid. The same file twice, and twice at once, posts once; an unmatched claim and an
 * unbalanced ERA wait on problemERA; another practice's claims, a file that is not an 835 and
 * an oversized one are refused whole; only the billing role may upload.
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;
let claimedSession: Awaited<ReturnType<typeof eraClaims>>['claimedSession'];
let one: Awaited<ReturnType<typeof eraClaims>>['one'];
let balanceOf: Awaited<ReturnType<typeof eraClaims>>['balanceOf'];
let statusOf: Awaited<ReturnType<typeof eraClaims>>['statusOf'];
let countOf: Awaited<ReturnType<typeof eraClaims>>['countOf'];

type Answer = {
  era: { id: number; status: string; claimsPosted: number; problems: number };
  repeated: boolean;
  postings: {
    claimId: number;
    kind: string;
    paidCents: number;
    clientBalanceCents: number | null;
  }[];
  problems: { claimId: number | null; patientControlNumber: string | null; reason: string }[];
  providerAdjustments: { reason: string; reference: string | null; effectCents: number }[];
};

async function upload(text: string, browser = biller) {
  return browser.post('/api/claims/era', { text, fileName: 'remit.835' });
}

async function posted(text: string): Promise<Answer> {
  const answer = await upload(text);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Answer }>().data;
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  otherOwner = await signedIn(t.app, 'owner2');
  ({ therapist, claimedSession, one, balanceOf, statusOf, countOf } = await eraClaims(t));
}, 120_000);
afterAll(() => t.close());

describe('posting an 835', () => {
  it('pays the insurer’s part, writes off the contractual amount, leaves the copay to the client and marks the claim paid', async () => {
    const claimed = await claimedSession('Paid');
    const before = await balanceOf(claimed.clientId);
    expect(before).toBe(claimed.line.chargeCents);
    const answer = await posted(
      era835({
        traceNumber: 'CHK-PAID-1',
        claims: [{ patientControlNumber: claimed.pcn, lines: [claimed.line] }],
      }),
    );
    expect(answer.repeated).toBe(false);
    expect(answer.era).toMatchObject({ status: 'posted', claimsPosted: 1, problems: 0 });
    expect(answer.postings).toEqual([
      expect.objectContaining({
        claimId: claimed.claimId,
        paidCents: claimed.line.paidCents,
        clientBalanceCents: 2_500,
      }),
    ]);
    expect(await balanceOf(claimed.clientId)).toBe(2_500);
    expect(await statusOf(claimed.claimId)).toBe('paid');
    const payment = await one<{ method: string; source: string; reference: string }>(
      sql`select payment_method as method, payment_source as source, reference from ledger_entries
          where client_id = ${claimed.clientId} and kind = 'payment'`,
    );
    expect(payment).toEqual({ method: 'era', source: 'insurance', reference: 'CHK-PAID-1' });
    const files = await biller.get('/api/claims/era?limit=5');
    expect(files.json<{ data: { rows: { id: number }[] } }>().data.rows[0]?.id).toBe(answer.era.id);
  });

  it('records a denial without writing it off, and a provider-level recoupment as the practice’s', async () => {
    const claimed = await claimedSession('Denied');
    const paid = await claimedSession('Recouped');
    const { chargeCents } = claimed.line;
    const denied = {
      ...claimed.line,
      paidCents: 0,
      contractualCents: chargeCents,
      patientCents: 0,
    };
    const answer = await posted(
      era835({
        traceNumber: 'CHK-DENIED-1',
        claims: [
          { patientControlNumber: claimed.pcn, status: '4', lines: [denied] },
          { patientControlNumber: paid.pcn, lines: [paid.line] },
        ],
        // BPR02 = the claims' payments less the $45 the payer takes back.
        providerAdjustments: [{ reason: 'WO', reference: 'OVERPAID1', amountCents: 4_500 }],
      }),
    );
    expect(answer.postings[0]).toMatchObject({
      kind: 'denial',
      paidCents: 0,
      deniedCents: chargeCents,
    });
    expect(await balanceOf(claimed.clientId)).toBe(chargeCents);
    expect(await statusOf(claimed.claimId)).toBe('denied');
    expect(answer.providerAdjustments).toEqual([
      { reason: 'WO', reference: 'OVERPAID1', effectCents: -4_500 },
    ]);
  });

  it('spreads a claim paid as a whole over its sessions’ charges', async () => {
    const claimed = await claimedSession('Whole');
    const { paidCents, contractualCents, patientCents, chargeCents } = claimed.line;
    const answer = await posted(
      era835({
        traceNumber: 'CHK-WHOLE-1',
        claims: [
          {
            patientControlNumber: claimed.pcn,
            lines: [],
            whole: { chargeCents, paidCents, contractualCents, patientCents },
          },
        ],
      }),
    );
    expect(answer.postings[0]).toMatchObject({ paidCents, clientBalanceCents: 2_500 });
    expect(await balanceOf(claimed.clientId)).toBe(2_500);
  });

  it('reverses an earlier payment and posts its correction (CLP02 22, then the new answer)', async () => {
    const claimed = await claimedSession('Reversed');
    const { line } = claimed;
    await posted(
      era835({
        traceNumber: 'CHK-REV-1',
        claims: [{ patientControlNumber: claimed.pcn, payerClaimNumber: 'ORIG1', lines: [line] }],
      }),
    );
    const negated = {
      ...line,
      chargeCents: -line.chargeCents,
      paidCents: -line.paidCents,
      contractualCents: -(line.contractualCents ?? 0),
      patientCents: -(line.patientCents ?? 0),
    };
    // The payer meant a $40 copay: it takes its payment back and pays $15 less.
    const corrected = { ...line, paidCents: line.paidCents - 1_500, patientCents: 4_000 };
    const answer = await posted(
      era835({
        traceNumber: 'CHK-REV-2',
        claims: [
          {
            patientControlNumber: claimed.pcn,
            status: '22',
            payerClaimNumber: 'ORIG1',
            lines: [negated],
          },
          { patientControlNumber: claimed.pcn, payerClaimNumber: 'CORR1', lines: [corrected] },
        ],
      }),
    );
    expect(answer.problems).toEqual([]);
    expect(answer.postings.map((p) => p.kind)).toEqual(['reversal', 'payment']);
    expect(await balanceOf(claimed.clientId)).toBe(4_000);
    expect(await statusOf(claimed.claimId)).toBe('paid');
  });

  it('posts the same file once: a second upload answers the first posting', async () => {
    const claimed = await claimedSession('Twice');
    const text = era835({
      traceNumber: 'CHK-TWICE-1',
      claims: [{ patientControlNumber: claimed.pcn, lines: [claimed.line] }],
    });
    const first = await posted(text);
    const second = await posted(text);
    expect(second.repeated).toBe(true);
    expect(second.era.id).toBe(first.era.id);
    expect(second.postings).toEqual(first.postings);
    // The same payment in another envelope (fetched after the upload): its keys are posted.
    const again = await posted(`${text}\n`);
    expect(again).toMatchObject({ repeated: true, era: { id: first.era.id } });
    expect(await balanceOf(claimed.clientId)).toBe(2_500);
    expect(
      await countOf(
        sql`select 1 from ledger_entries where client_id = ${claimed.clientId} and kind = 'payment'`,
      ),
    ).toBe(1);
  });

  it('posts a file uploaded twice at once only once', async () => {
    const claimed = await claimedSession('AtOnce');
    const text = era835({
      traceNumber: 'CHK-ATONCE-1',
      claims: [{ patientControlNumber: claimed.pcn, lines: [claimed.line] }],
    });
    const answers = await Promise.all([upload(text), upload(text)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const repeated = answers.map((a) => a.json<{ data: Answer }>().data.repeated).sort();
    expect(repeated).toEqual([false, true]);
    expect(await countOf(sql`select 1 from era_postings where claim_id = ${claimed.claimId}`)).toBe(
      1,
    );
    expect(await countOf(sql`select 1 from era_files where trace_number = 'CHK-ATONCE-1'`)).toBe(1);
    expect(await balanceOf(claimed.clientId)).toBe(2_500);
  });
});

describe('problems', () => {
  it('puts a claim whose line matches none of its lines on problemERA, and the claim in problemEra', async () => {
    const claimed = await claimedSession('OtherLine');
    const stranger = { ...claimed.line, lineControlNumber: 'ZZ-NOT-OURS', code: '90791' };
    const answer = await posted(
      era835({
        traceNumber: 'CHK-LINE-1',
        claims: [{ patientControlNumber: claimed.pcn, lines: [stranger] }],
      }),
    );
    expect(answer.postings).toEqual([]);
    expect(answer.problems[0]).toMatchObject({ claimId: claimed.claimId });
    expect(answer.problems[0]?.reason).toMatch(/matches none of the claim's lines/);
    expect(await statusOf(claimed.claimId)).toBe('problemEra');
  });

  it('keeps a reversal the ledger refuses (the payment was refunded) as a problem and posts the rest', async () => {
    const claimed = await claimedSession('Refunded');
    const other = await claimedSession('Alongside');
    await posted(
      era835({
        traceNumber: 'CHK-REFUND-1',
        claims: [
          { patientControlNumber: claimed.pcn, payerClaimNumber: 'R1', lines: [claimed.line] },
        ],
      }),
    );
    const { id: paymentId } = await one<{ id: number }>(
      sql`select id from ledger_entries where client_id = ${claimed.clientId} and kind = 'payment'`,
    );
    const refunded = await biller.post(
      `/api/billing/clients/${claimed.clientId}/payments/${paymentId}/refunds`,
      { amountCents: 1_000, idempotencyKey: `era-refund-${paymentId}` },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { line } = claimed;
    const negated = {
      ...line,
      chargeCents: -line.chargeCents,
      paidCents: -line.paidCents,
      contractualCents: -(line.contractualCents ?? 0),
      patientCents: -(line.patientCents ?? 0),
    };
    const answer = await posted(
      era835({
        traceNumber: 'CHK-REFUND-2',
        claims: [
          { patientControlNumber: other.pcn, lines: [other.line] },
          {
            patientControlNumber: claimed.pcn,
            status: '22',
            payerClaimNumber: 'R1',
            lines: [negated],
          },
        ],
      }),
    );
    expect(answer.postings.map((p) => p.claimId)).toEqual([other.claimId]);
    expect(answer.problems).toEqual([
      expect.objectContaining({
        claimId: claimed.claimId,
        reason: expect.stringMatching(/could not be posted/),
      }),
    ]);
    expect(answer.era).toMatchObject({ claimsPosted: 1, problems: 1 });
  });

  it('posts what matches and puts a claim of no one on problemERA', async () => {
    const claimed = await claimedSession('Partly');
    const answer = await posted(
      era835({
        traceNumber: 'CHK-UNMATCHED-1',
        claims: [
          { patientControlNumber: claimed.pcn, lines: [claimed.line] },
          {
            patientControlNumber: 'NOSUCH-1',
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
    );
    expect(answer.era).toMatchObject({ status: 'problem', claimsPosted: 1, problems: 1 });
    expect(answer.problems).toEqual([
      expect.objectContaining({
        claimId: null,
        patientControlNumber: 'NOSUCH-1',
        reason: 'No claim of the practice has the patient control number NOSUCH-1.',
      }),
    ]);
    const list = await biller.get('/api/claims/era/problems?limit=10');
    expect(list.statusCode).toBe(200);
    const rows = list.json<{
      data: { rows: { patientControlNumber: string; traceNumber: string }[]; total: number };
    }>().data;
    expect(rows.rows[0]).toMatchObject({
      patientControlNumber: 'NOSUCH-1',
      traceNumber: 'CHK-UNMATCHED-1',
    });
  });

  it('posts nothing of an ERA that does not balance, and says how far apart it is', async () => {
    const claimed = await claimedSession('Unbalanced');
    const answer = await posted(
      era835({
        traceNumber: 'CHK-UNBALANCED-1',
        paymentCents: 100,
        claims: [{ patientControlNumber: claimed.pcn, lines: [claimed.line] }],
      }),
    );
    expect(answer.postings).toEqual([]);
    expect(answer.era.status).toBe('problem');
    expect(answer.problems[0]?.reason).toMatch(/is not what its claims paid .* apart/);
    expect(await balanceOf(claimed.clientId)).toBe(claimed.line.chargeCents);
    expect(await statusOf(claimed.claimId)).not.toBe('paid');
  });
});

describe('refused, nothing written', () => {
  const files = () => countOf(sql`select 1 from era_files`);

  it('refuses a file that is not an 835, naming the field', async () => {
    const before = await files();
    for (const text of [
      'hello',
      era835({ traceNumber: 'X', claims: [] }).replace('ST*835', 'ST*999'),
    ]) {
      const answer = await upload(text);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'text' });
    }
    expect(await files()).toBe(before);
  });

  it('refuses an oversized file, naming the field', async () => {
    const answer = await upload('I'.repeat(2_000_001));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'text' });
  });

  it('refuses an 835 for another practice’s claims', async () => {
    const claimed = await claimedSession('Elsewhere');
    const before = await files();
    const answer = await upload(
      era835({
        traceNumber: 'CHK-OTHER-1',
        claims: [{ patientControlNumber: claimed.pcn, lines: [claimed.line] }],
      }),
      otherOwner,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'text', message: ERA_MESSAGES.otherPractice });
    expect(await files()).toBe(before);
    expect(await balanceOf(claimed.clientId)).toBe(claimed.line.chargeCents);
    // Nor does the other practice see this practice's files or problems.
    const theirs = await otherOwner.get('/api/claims/era/problems');
    expect(theirs.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('is the billing role’s: a therapist is refused', async () => {
    const answer = await upload(era835({ traceNumber: 'CHK-ROLE-1', claims: [] }), therapist);
    expect(answer.statusCode).toBe(403);
    expect((await therapist.get('/api/claims/era/problems')).statusCode).toBe(403);
  });

  it('needs the CSRF token', async () => {
    const answer = await biller.post('/api/claims/era', { text: 'x' }, { csrf: false });
    expect(answer.statusCode).toBe(403);
  });
});
