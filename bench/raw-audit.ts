import { sql } from 'drizzle-orm';
import type { Tx } from '../apps/server/src/db/client.ts';
import { hashedSuffix, type Hashable } from '../apps/server/src/platform/audit-chain.ts';

/**
 * The audit row a raw transaction must write to be comparable with the API: chained to the
 * previous row under the chain's lock, as the platform writes it, and the cheapest correct
 * way the schema allows: one call of `audit_append` (migration 0034), which takes the lock,
 * reads the head and inserts the row hashed onto it. The platform calls the same function,
 * so the API gains nothing over the raw side from it.
 */
export async function rawAuditRow(
  tx: Tx,
  entry: {
    practiceId: number;
    userId: number;
    action: string;
    clientId: number;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  const row: Hashable = {
    at: new Date(),
    practiceId: entry.practiceId,
    actorUserId: entry.userId,
    impersonatorUserId: null,
    action: entry.action,
    patientId: entry.clientId,
    patientIds: undefined,
    detail: entry.detail,
    ip: null,
    requestId: null,
  };
  await tx.execute(
    sql`select audit_append(${row.at.toISOString()}::timestamptz, ${entry.practiceId}::int,
          ${entry.userId}::int, null, ${entry.action}::text, ${entry.clientId}::int, null,
          ${JSON.stringify(entry.detail)}::jsonb, null, null, ${hashedSuffix(row)}::text)`,
  );
}
