import { asc, desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { sha256 } from './tokens.ts';

/**
 * The audit log: append-only and hash-chained. Every module that reads or
 * changes a client's record calls `auditClientRecord`; platform events
 * (sign-in, sign-out, impersonation) call `recordAudit` directly.
 */
export type AuditEntry = {
  action: string;
  practiceId: number | null;
  actorUserId: number | null;
  impersonatorUserId?: number | null;
  patientId?: number | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
};

const GENESIS = '0'.repeat(64);
/** Serialises writers so each row chains to the true previous row. */
const AUDIT_LOCK_KEY = 727002;

/** JSON with keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type Hashable = {
  at: Date;
  practiceId: number | null;
  actorUserId: number | null;
  impersonatorUserId: number | null;
  action: string;
  patientId: number | null;
  detail: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
};

function rowHash(prevHash: string, row: Hashable): string {
  return sha256(`${prevHash}|${canonicalJson({ ...row, at: row.at.getTime() })}`);
}

export async function recordAudit(db: Db, entry: AuditEntry, now = new Date()): Promise<void> {
  const row: Hashable = {
    at: now,
    practiceId: entry.practiceId,
    actorUserId: entry.actorUserId,
    impersonatorUserId: entry.impersonatorUserId ?? null,
    action: entry.action,
    patientId: entry.patientId ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS;
    await tx.insert(auditLog).values({ ...row, prevHash, hash: rowHash(prevHash, row) });
  });
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

/** The one call every module makes when it reads or changes a client's record. */
export function auditClientRecord(
  db: Db,
  request: FastifyRequest,
  event: { action: `client.${string}`; patientId: number; detail?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, { ...auditContext(request), ...event });
}

export type ChainCheck =
  { ok: true; rows: number } | { ok: false; rows: number; brokenAtId: number; reason: string };

/** Recomputes the chain; any changed, removed or re-ordered row breaks it. */
export async function verifyAuditChain(db: Db, batchSize = 5000): Promise<ChainCheck> {
  let prevHash = GENESIS;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${lastId}`)
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    for (const r of batch) {
      rows++;
      if (r.prevHash !== prevHash) {
        return {
          ok: false,
          rows,
          brokenAtId: r.id,
          reason: 'the previous row was changed or removed',
        };
      }
      const expected = rowHash(prevHash, {
        at: new Date(r.at),
        practiceId: r.practiceId,
        actorUserId: r.actorUserId,
        impersonatorUserId: r.impersonatorUserId,
        action: r.action,
        patientId: r.patientId,
        detail: r.detail,
        ip: r.ip,
        requestId: r.requestId,
      });
      if (expected !== r.hash)
        return { ok: false, rows, brokenAtId: r.id, reason: 'this row was changed' };
      prevHash = r.hash;
      lastId = r.id;
    }
    if (batch.length < batchSize) return { ok: true, rows };
  }
}
