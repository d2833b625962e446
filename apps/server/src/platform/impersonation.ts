import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { impersonations, sessions } from '../db/schema/index.ts';
import { recordAudit } from './audit.ts';

/** Support access to a practice user ends this long after it starts, whatever the activity. */
export const IMPERSONATION_MINUTES = 60;
export const IMPERSONATION_MS = IMPERSONATION_MINUTES * 60_000;

/** Why routes declared `notWhileImpersonating` refuse support staff acting as the user. */
export const NOT_WHILE_IMPERSONATING =
  'You are signed in as this user through support access; they must do this themselves.';

export type ImpersonationEndCause = 'stopped' | 'signed_out' | 'time_limit';

/** Marks an impersonation ended (once); returns the row when this call ended it. */
export async function markImpersonationEnded(db: Db, impersonationId: number, at: Date) {
  const [ended] = await db
    .update(impersonations)
    .set({ endedAt: at })
    .where(and(eq(impersonations.id, impersonationId), isNull(impersonations.endedAt)))
    .returning();
  return ended ?? null;
}

/**
 * At the time limit the session goes back to the support user (who signed in
 * properly) rather than ending: they can start again, with a new reason.
 * Called from resolveSession, so every process enforces the same end.
 * Sessions that act as a user without an impersonation row (older than the
 * limit's table) are reverted too.
 */
export async function revertExpiredImpersonation(
  db: Db,
  input: { tokenHash: string; impersonationId: number | null; endsAt: Date | null; now: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({
      actingUserId: null,
      actingPracticeId: null,
      impersonationId: null,
      passwordVerifiedAt: null,
    })
    .where(
      and(
        eq(sessions.tokenHash, input.tokenHash),
        input.impersonationId === null
          ? isNull(sessions.impersonationId)
          : sql`${sessions.impersonationId} = ${input.impersonationId}`,
      ),
    );
  if (input.impersonationId === null) return;
  // Only the request that ends it writes the audit row (several may arrive at once).
  const ended = await markImpersonationEnded(db, input.impersonationId, input.endsAt ?? input.now);
  if (!ended) return;
  await recordAudit(db, {
    action: 'auth.impersonation_end',
    practiceId: ended.practiceId,
    actorUserId: ended.impersonatedUserId,
    impersonatorUserId: ended.supportUserId,
    detail: { impersonationId: ended.id, reason: ended.reason, cause: 'time_limit' },
  });
}
