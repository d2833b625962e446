import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { sha256 } from './tokens.ts';

/**
 * The audit log's hash chain: each row's hash covers its content and the
 * previous row's hash, so a changed, removed or re-ordered row breaks it.
 */
export const GENESIS = '0'.repeat(64);

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

export type Hashable = {
  at: Date;
  practiceId: number | null;
  actorUserId: number | null;
  impersonatorUserId: number | null;
  action: string;
  patientId: number | null;
  /** Absent (not null) when the row names no list of clients, so older rows hash as before. */
  patientIds?: number[] | undefined;
  detail: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
};

export function rowHash(prevHash: string, row: Hashable): string {
  return sha256(`${prevHash}|${canonicalJson({ ...row, at: row.at.getTime() })}`);
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
        patientIds: r.patientIds ?? undefined,
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
