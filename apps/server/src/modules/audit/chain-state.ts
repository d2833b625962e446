import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { verifyAuditChain } from '../../platform/audit-chain.ts';

export type ChainState =
  | {
      ok: true;
      /** The newest row a checkpoint sealed with the key (null before the first checkpoint). */
      verifiedThrough: string | null;
      /** The newest row of the chain: every row up to it hashes correctly. */
      chainedThrough: string | null;
      /** Rows after the newest checkpoint, sealed at the next one (within a minute). */
      unsealedRows: number;
    }
  | {
      ok: false;
      /** The first broken link: the row where the chain stops holding. */
      brokenAtId: number;
      /** That row's time, when the row is still there. */
      brokenAt: string | null;
      reason: string;
    };

/**
 * Walks the whole chain with the checkpoint key (platform/audit-chain.ts),
 * as `npm run audit:verify` does. The chain spans every practice; the answer
 * carries no row content, only the first broken link.
 */
export async function chainState(db: Db, key: Buffer): Promise<ChainState> {
  const check = await verifyAuditChain(db, { key });
  if (!check.ok) {
    const [row] = await db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(eq(auditLog.id, check.brokenAtId));
    return {
      ok: false,
      brokenAtId: check.brokenAtId,
      brokenAt: row ? row.at.toISOString() : null,
      reason: check.reason,
    };
  }
  const [newest] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return {
    ok: true,
    verifiedThrough: check.verifiedThrough?.toISOString() ?? null,
    chainedThrough: newest ? newest.at.toISOString() : null,
    unsealedRows: check.unsealedRows,
  };
}
