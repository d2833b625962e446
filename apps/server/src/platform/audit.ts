import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedRowsOf } from '../db/prepared.ts';
import { hashedSuffix, type Hashable } from './audit-chain.ts';
import { inRequestTransaction } from './request-db.ts';

/**
 * Writing the audit log. Client-record reads and changes are audited by the
 * platform from each route's declaration (see route-audit.ts), inside the
 * request's own transaction; platform events (sign-in, sign-out,
 * impersonation) call `recordAudit` directly.
 */
export type AuditEntry = {
  action: string;
  practiceId: number | null;
  actorUserId: number | null;
  impersonatorUserId?: number | null;
  patientId?: number | null;
  /** The clients a list, search, calendar or export returned. */
  patientIds?: number[] | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
};

/**
 * Appends rows to the chain. Given a transaction, the rows commit or roll
 * back with it; the chain's lock (advisory key 727002, taken by `audit_append`, which
 * serialises writers so each row chains to the true previous row) is held to its end, so
 * callers append last.
 */
export async function recordAudits(db: Db, entries: AuditEntry[], now = new Date()): Promise<void> {
  if (entries.length === 0) return;
  // A request's transaction already commits or rolls the rows back with its work (and holds
  // the lock to its end): a savepoint around them would only cost two more statements.
  if (inRequestTransaction()) return appendToChain(db, entries, now);
  await db.transaction((tx) => appendToChain(tx, entries, now));
}

async function appendToChain(tx: Db, entries: AuditEntry[], now: Date): Promise<void> {
  for (const entry of entries) await preparedRowsOf(tx, appendRow(hashable(entry, now)));
}

function hashable(entry: AuditEntry, now: Date): Hashable {
  return {
    at: now,
    practiceId: entry.practiceId,
    actorUserId: entry.actorUserId,
    impersonatorUserId: entry.impersonatorUserId ?? null,
    action: entry.action,
    patientId: entry.patientId ?? null,
    patientIds: entry.patientIds && entry.patientIds.length > 0 ? entry.patientIds : undefined,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  };
}

/**
 * One statement takes the chain's lock, reads its head and appends the row hashed onto it
 * (`audit_append`, migration 0034): sha256 in SQL over the head's hash and `hashedSuffix`,
 * the text `rowHash` hashes, so verifying in JavaScript finds the same hash. The lock and
 * the head cannot share a plain statement (its snapshot predates the lock); inside the
 * function each statement has its own, so every audited request saves a round trip. Ids
 * are one array literal, as a list of thousands can be.
 */
function appendRow(row: Hashable): SQL {
  const ids = row.patientIds ? `{${row.patientIds.join(',')}}` : null;
  return sql`select audit_append(${row.at.toISOString()}::timestamptz, ${row.practiceId}::int,
      ${row.actorUserId}::int, ${row.impersonatorUserId}::int, ${row.action}::text,
      ${row.patientId}::int, ${ids}::int[], ${JSON.stringify(row.detail)}::jsonb,
      ${row.ip}::text, ${row.requestId}::text, ${hashedSuffix(row)}::text)`;
}

export function recordAudit(db: Db, entry: AuditEntry, now = new Date()): Promise<void> {
  return recordAudits(db, [entry], now);
}

/** Who did it, from where: the parts of an audit row a request supplies. */
export function auditContext(
  request: FastifyRequest,
): Pick<AuditEntry, 'practiceId' | 'actorUserId' | 'impersonatorUserId' | 'ip' | 'requestId'> {
  const auth = request.auth;
  return {
    practiceId: auth?.practiceId ?? null,
    actorUserId: auth?.user.id ?? null,
    impersonatorUserId: auth && auth.realUser.id !== auth.user.id ? auth.realUser.id : null,
    ip: request.ip,
    requestId: request.id,
  };
}
