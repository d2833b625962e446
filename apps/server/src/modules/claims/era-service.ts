import { createHash } from 'node:crypto';
import {
  X12Error,
  claimPostingKey,
  planEraPosting,
  type ClaimPosting,
  type ClaimStatus,
  type EraEntry,
  type EraPostingPlan,
  type Remittance835,
} from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  postRemittance,
  reverseRemittance,
  type RemittancePart,
} from '../../platform/insurance-remittance.ts';
import { read835 } from '../../platform/x12-read/x12-read.ts';
import { inSavepoint } from '../../platform/request-db.ts';
import { appendEvent, type Actor } from './claim-store.ts';
import { eraFile, filePostings, filePracticeEntries, fileProblems } from './era-lists.ts';
import {
  claimsOnFile,
  fileByDigest,
  fileOfKey,
  finishEraFile,
  insertEraFile,
  insertPosting,
  insertProblem,
  ledgerRowsOf,
  lockPracticeEras,
  othersControlNumbers,
  postedKeys,
  type ClaimFacts,
} from './era-store.ts';

/**
 * Posting an 835 (issue 20 item 7), in the upload's one transaction: read it (a file that is not
 * a sound 835 is a 400 naming `text`), refuse it whole when it names another practice's claims,
 * plan it with the domain (era-post.ts: balance, matching, keys), then write the ledger through
 * billing's platform seam, the claims' paid/denied events, the postings under their unique keys
 * and the problems for problemERA. The practice's ERA lock makes a second upload wait for the
 * first and then find its keys: the same file twice, even at once, posts once.
 */

export const ERA_MESSAGES = {
  empty: 'The file holds no remittance.',
  otherPractice:
    'This ERA pays claims that are not this practice’s. Nothing was posted; check that the file was sent to the right practice.',
} as const;

async function readRemittances(text: string): Promise<Remittance835[]> {
  try {
    const remittances = await read835(text);
    if (remittances.length === 0) throw badRequest(ERA_MESSAGES.empty, 'text');
    return remittances;
  } catch (error) {
    // The reader's messages are written for a biller; the library's never leave it.
    if (error instanceof X12Error) throw badRequest(error.message, 'text');
    throw error;
  }
}

const sum = (entries: readonly EraEntry[], kind: EraEntry['kind']) =>
  entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amountCents, 0);

/** The posting's entries by our line (null: the whole claim, spread over its sessions). */
function partsOf(posting: ClaimPosting, claim: ClaimFacts): RemittancePart[] {
  const all = claim.lines
    .map((line) => claim.attendeeOf[line.lineId])
    .filter((id): id is number => typeof id === 'number');
  const byLine = new Map<string | null, EraEntry[]>();
  for (const entry of posting.entries)
    byLine.set(entry.lineId, [...(byLine.get(entry.lineId) ?? []), entry]);
  return [...byLine].map(([lineId, entries]) => {
    const attendee = lineId === null ? null : claim.attendeeOf[lineId];
    return {
      attendeeIds: lineId === null ? all : typeof attendee === 'number' ? [attendee] : [],
      paidCents: sum(entries, 'insurancePayment'),
      contractualCents: sum(entries, 'contractualAdjustment'),
      otherCents: sum(entries, 'otherAdjustment'),
    };
  });
}

type Context = {
  practiceId: number;
  fileId: number;
  actor: Actor;
  reference: string;
  payer: string;
};

async function postClaim(db: Db, ctx: Context, posting: ClaimPosting, claim: ClaimFacts) {
  const owner = { practiceId: ctx.practiceId, clientId: claim.clientId, userId: ctx.actor.userId };
  const notation = `ERA ${ctx.reference} from ${ctx.payer}, claim ${posting.patientControlNumber}`;
  const written =
    posting.kind === 'reversal'
      ? await reverseRemittance(db, {
          ...owner,
          entryIds: await ledgerRowsOf(db, ctx.practiceId, posting.reverses ?? ''),
          notation: `Reversed by ${notation}`,
        })
      : await postRemittance(db, {
          ...owner,
          key: `era:${posting.key}`,
          reference: ctx.reference,
          notation,
          parts: partsOf(posting, claim),
        });
  await insertPosting(db, {
    practiceId: ctx.practiceId,
    eraFileId: ctx.fileId,
    key: posting.key,
    claimId: Number(posting.claimId),
    clientId: claim.clientId,
    patientControlNumber: posting.patientControlNumber,
    payerClaimNumber: posting.payerClaimNumber,
    kind: posting.kind,
    reversesKey: posting.reverses,
    totals: posting.totals,
    entries: posting.entries,
    ledgerEntryIds: written.entryIds,
    clientBalanceCents: written.balanceCents,
    at: ctx.actor.now,
  });
  if (posting.event) await moveClaim(db, ctx, claim, posting.event, { eraId: ctx.fileId });
}

async function moveClaim(
  db: Db,
  ctx: Context,
  claim: ClaimFacts,
  kind: 'paid' | 'denied' | 'problemEra',
  detail: Record<string, unknown>,
) {
  const version = {
    id: claim.versionId,
    claimId: Number(claim.claimId),
    practiceId: ctx.practiceId,
  };
  claim.status = await appendEvent(
    db,
    version,
    claim.status as ClaimStatus | null,
    { kind, detail },
    ctx.actor,
  );
}

/** Writes a plan; answers how many claims it posted. */
async function postPlan(
  db: Db,
  ctx: Context,
  plan: EraPostingPlan,
  ours: readonly ClaimFacts[],
): Promise<number> {
  let posted = 0;
  const byId = new Map(ours.map((claim) => [claim.claimId, claim]));
  for (const posting of plan.postings) {
    const claim = byId.get(posting.claimId);
    if (!claim) continue;
    try {
      // A savepoint per claim: a claim the ledger refuses (a reversal of a payment a person
      // has since refunded) becomes a problem, and the rest of the ERA still posts.
      await inSavepoint(db, (savepoint) => postClaim(savepoint, ctx, posting, claim));
      posted += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      plan.problems.push({
        claimId: posting.claimId,
        patientControlNumber: posting.patientControlNumber,
        reason: `Claim ${posting.patientControlNumber} could not be posted: ${error.message}`,
      });
    }
  }
  for (const entry of plan.practiceEntries) {
    await insertPosting(db, {
      practiceId: ctx.practiceId,
      eraFileId: ctx.fileId,
      key: entry.key,
      claimId: null,
      clientId: null,
      patientControlNumber: null,
      payerClaimNumber: null,
      kind: 'providerAdjustment',
      reversesKey: null,
      totals: {
        paidCents: entry.effectCents,
        contractualCents: 0,
        patientResponsibilityCents: 0,
        otherAdjustmentCents: 0,
        deniedCents: 0,
      },
      entries: entry,
      ledgerEntryIds: [],
      clientBalanceCents: null,
      at: ctx.actor.now,
    });
  }
  for (const problem of plan.problems) {
    await insertProblem(db, ctx.practiceId, ctx.fileId, problem, ctx.actor.now);
    const claim = problem.claimId === null ? undefined : byId.get(problem.claimId);
    if (claim)
      await moveClaim(db, ctx, claim, 'problemEra', { eraId: ctx.fileId, reason: problem.reason });
  }
  return posted;
}

/** What an upload answers: the file, its postings, its PLB amounts and its problems. */
export async function eraAnswer(db: Db, practiceId: number, fileId: number, repeated: boolean) {
  // One after another: in a transaction they share one connection.
  const era = await eraFile(db, practiceId, fileId);
  const postings = await filePostings(db, practiceId, fileId);
  const providerAdjustments = await filePracticeEntries(db, practiceId, fileId);
  const problems = await fileProblems(db, practiceId, fileId);
  return { era, repeated, postings, providerAdjustments, problems };
}

export async function uploadEra(
  db: Db,
  input: { practiceId: number; text: string; fileName: string | null },
  actor: Actor,
) {
  const remittances = await readRemittances(input.text);
  const { practiceId } = input;
  await lockPracticeEras(db, practiceId);
  const digest = createHash('sha256').update(input.text).digest('hex');
  const same = await fileByDigest(db, practiceId, digest);
  if (same !== null) return eraAnswer(db, practiceId, same, true);
  const numbers = [
    ...new Set(remittances.flatMap((r) => r.claims.map((c) => c.patientControlNumber))),
  ];
  if ((await othersControlNumbers(db, practiceId, numbers)).length > 0)
    throw badRequest(ERA_MESSAGES.otherPractice, 'text');
  const ours = await claimsOnFile(db, practiceId, numbers);
  const plans: EraPostingPlan[] = [];
  for (const remittance of remittances) {
    const keys = [
      ...remittance.claims.map((claim) => claimPostingKey(remittance, claim)),
      ...planEraPosting(remittance, ours, new Set()).practiceEntries.map((e) => e.key),
    ];
    plans.push(planEraPosting(remittance, ours, await postedKeys(db, practiceId, keys)));
  }
  const fresh = plans.some(
    (p) => p.postings.length + p.practiceEntries.length + p.problems.length > 0,
  );
  const seenKey = plans.flatMap((p) => p.alreadyPosted)[0];
  if (!fresh && seenKey !== undefined) {
    // The same ERA in another envelope (fetched after it was uploaded): answer the first.
    const first = await fileOfKey(db, practiceId, seenKey);
    if (first !== null) return eraAnswer(db, practiceId, first, true);
  }
  const [head] = remittances;
  if (!head) throw badRequest(ERA_MESSAGES.empty, 'text');
  const fileId = await insertEraFile(db, {
    practiceId,
    receivedAt: actor.now,
    uploadedBy: actor.userId,
    fileName: input.fileName,
    rawText: input.text,
    digest,
    traceNumber: head.traceNumber,
    payerId: head.payer.id ?? '',
    payerName: head.payer.name ?? head.payer.id ?? '',
    totalPaidCents: remittances.reduce(
      (total, r) => total + (r.payment.creditOrDebit === 'D' ? -1 : 1) * r.payment.amountCents,
      0,
    ),
    paymentDate: head.payment.date ?? null,
  });
  let posted = 0;
  for (const [index, plan] of plans.entries()) {
    const remittance = remittances[index] ?? head;
    const ctx = {
      practiceId,
      fileId,
      actor,
      reference: remittance.traceNumber,
      payer: remittance.payer.name ?? plan.payerId,
    };
    posted += await postPlan(db, ctx, plan, ours);
  }
  await finishEraFile(
    db,
    fileId,
    posted,
    plans.reduce((total, p) => total + p.problems.length, 0),
  );
  return eraAnswer(db, practiceId, fileId, false);
}
