import { desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { GENESIS, rowHash, type Hashable } from './audit-chain.ts';

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

/** Serialises writers so each row chains to the true previous row. */
const AUDIT_LOCK_KEY = 727002;

/**
 * Appends rows to the chain. Given a transaction, the rows commit or roll
 * back with it; the lock is held to its end, so callers append last.
 */
export async function recordAudits(db: Db, entries: AuditEntry[], now = new Date()): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    let prevHash = last?.hash ?? GENESIS;
    const values = entries.map((entry) => {
      const row: Hashable = {
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
      const hash = rowHash(prevHash, row);
      const value = { ...row, patientIds: row.patientIds ?? null, prevHash, hash };
      prevHash = hash;
      return value;
    });
    await tx.insert(auditLog).values(values);
  });
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
