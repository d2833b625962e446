import type { ClaimStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { appendEvent, type Actor } from './claim-store.ts';

/**
 * Resolving a problemERA row (issue 20 item 7: "for a person to resolve"). The person says what
 * became of it; a claim the problem left in problemEra moves on by an event on its newest
 * version's log (paid when posted by hand, denied, or accepted again while the payer is asked
 * for a new remittance), with the outcome and the note in the event's detail. A payment that
 * names no claim of ours can only be dismissed. The row keeps when it was resolved; who did it
 * is the route's audit row.
 */

export type EraProblemOutcome = 'postedByHand' | 'denied' | 'askedPayer' | 'dismissed';

export const ERA_RESOLVE_MESSAGES = {
  notFound: 'We could not find that ERA problem.',
  resolved: 'This ERA problem was already resolved.',
  claimOutcome:
    'Choose what became of the claim: posted by hand, denied by the payer, or asked the payer again.',
  noClaim: 'This payment names no claim of the practice: dismiss it once it has been dealt with.',
} as const;

const EVENT_OF: Record<Exclude<EraProblemOutcome, 'dismissed'>, 'paid' | 'denied' | 'accepted'> = {
  postedByHand: 'paid',
  denied: 'denied',
  askedPayer: 'accepted',
};

type Problem = {
  id: number;
  claimId: number | null;
  resolved: boolean;
  versionId: number | null;
  status: ClaimStatus | null;
};

export async function resolveEraProblem(
  db: Db,
  practiceId: number,
  problemId: number,
  input: { outcome: EraProblemOutcome; note?: string | undefined },
  actor: Actor,
): Promise<{ id: number; claimId: number | null; claimStatus: ClaimStatus | null }> {
  // Locked: two people resolving one row at once resolve it once.
  const [problem] = await rowsOf<Problem>(
    db,
    sql`select p.id, p.claim_id as "claimId", p.resolved_at is not null as resolved,
          v.id as "versionId",
          (select ev.status from claim_events ev where ev.claim_version_id = v.id
            order by ev.id desc limit 1) as status
        from era_problems p
        left join lateral (select id from claim_versions where claim_id = p.claim_id
          order by version desc limit 1) v on true
        where p.id = ${problemId} and p.practice_id = ${practiceId}
        for update of p`,
  );
  if (!problem) throw notFound(ERA_RESOLVE_MESSAGES.notFound);
  if (problem.resolved) throw conflict(ERA_RESOLVE_MESSAGES.resolved);
  const { outcome } = input;
  if (problem.claimId === null && outcome !== 'dismissed')
    throw badRequest(ERA_RESOLVE_MESSAGES.noClaim, 'outcome');
  if (problem.claimId !== null && outcome === 'dismissed')
    throw badRequest(ERA_RESOLVE_MESSAGES.claimOutcome, 'outcome');
  await db.execute(
    sql`update era_problems set resolved_at = ${actor.now} where id = ${problem.id}`,
  );
  let status = problem.status;
  // Only a claim the problem still holds moves: one a later ERA paid keeps its status.
  if (outcome !== 'dismissed' && problem.claimId !== null && problem.versionId !== null) {
    if (status === 'problemEra')
      status = await appendEvent(
        db,
        { id: problem.versionId, claimId: problem.claimId, practiceId },
        status,
        {
          kind: EVENT_OF[outcome],
          detail: { eraProblemId: problem.id, resolution: outcome, note: input.note ?? null },
        },
        actor,
      );
  }
  return { id: problem.id, claimId: problem.claimId, claimStatus: status };
}
