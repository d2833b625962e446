import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditCheckpoints, auditLog } from '../db/schema/index.ts';
import { checkpointMacMatches } from './audit-checkpoint.ts';
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

/** What a row's hash covers after the previous row's hash: a bar and the row's canonical JSON. */
export function hashedSuffix(row: Hashable): string {
  return `|${canonicalJson({ ...row, at: row.at.getTime() })}`;
}

export function rowHash(prevHash: string, row: Hashable): string {
  return sha256(`${prevHash}${hashedSuffix(row)}`);
}

export type ChainCheck = {
  rows: number;
  /** Checkpoints whose MAC (when a key was given), row hash and row count all held. */
  checkpointsVerified: number;
  /** Time of the newest row a verified checkpoint seals; null when none does. */
  verifiedThrough: Date | null;
  /** Rows after the newest verified checkpoint: chained, but not yet sealed by a MAC. */
  unsealedRows: number;
  /** False when no key was given: checkpoints are then held against the rows only. */
  macsChecked: boolean;
} & ({ ok: true } | { ok: false; brokenAtId: number; reason: string; brokenCheckpointId?: number });

type Checkpoint = typeof auditCheckpoints.$inferSelect;

/** Checkpoints in the order of the rows they seal, a batch at a time. */
function checkpointCursor(db: Db, batchSize: number) {
  let buffer: Checkpoint[] = [];
  let after = { lastAuditId: -1, id: 0 };
  let exhausted = false;
  return {
    async peek(): Promise<Checkpoint | undefined> {
      if (buffer.length === 0 && !exhausted) {
        buffer = await db
          .select()
          .from(auditCheckpoints)
          .where(
            sql`(${auditCheckpoints.lastAuditId}, ${auditCheckpoints.id}) > (${after.lastAuditId}, ${after.id})`,
          )
          .orderBy(asc(auditCheckpoints.lastAuditId), asc(auditCheckpoints.id))
          .limit(batchSize);
        exhausted = buffer.length < batchSize;
        const last = buffer.at(-1);
        if (last) after = { lastAuditId: last.lastAuditId, id: last.id };
      }
      return buffer[0];
    },
    shift: () => void buffer.shift(),
  };
}

/** The hash a stored row should carry after `prevHash`. */
function storedRowHash(prevHash: string, r: typeof auditLog.$inferSelect): string {
  return rowHash(prevHash, {
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
}

/**
 * Why checkpoint `cp` does not hold for the row it seals (hash `hash`, the
 * `rows`-th of the chain), or null when it does.
 */
function sealProblem(
  cp: Checkpoint,
  hash: string,
  rows: number,
  lastSealed: Checkpoint | undefined,
): string | null {
  if (cp.lastHash !== hash) {
    const since = lastSealed ? `after row ${lastSealed.lastAuditId}` : 'from its start';
    return `this row's hash is not the one checkpoint ${cp.id} sealed: the chain was rewritten ${since}`;
  }
  if (cp.rowCount !== rows) {
    return `checkpoint ${cp.id} sealed ${cp.rowCount} rows through this row; the chain now holds ${rows}`;
  }
  return null;
}

const FORGED = (cp: Checkpoint) =>
  `checkpoint ${cp.id} does not carry a valid MAC: it was forged or altered (or AUDIT_KEY is not the key that wrote it)`;

/**
 * Recomputes the chain; any changed, removed or re-ordered row breaks it.
 * With the checkpoint key it also holds every checkpoint to the chain: its
 * MAC must verify, the row it names must still exist with the hash it
 * sealed, and the chain must hold as many rows through that row as it did.
 * So a chain rehashed by someone without the key, or one whose newest rows
 * were removed, fails at the first checkpoint that no longer matches.
 */
export async function verifyAuditChain(
  db: Db,
  options: { key?: Buffer | undefined; batchSize?: number } = {},
): Promise<ChainCheck> {
  const { key, batchSize = 5000 } = options;
  const checkpoints = checkpointCursor(db, batchSize);
  let prevHash = GENESIS;
  let lastId = 0;
  let rows = 0;
  let sealedRows = 0;
  let checkpointsVerified = 0;
  let verifiedThrough: Date | null = null;
  let lastSealed: Checkpoint | undefined;
  const progress = () => ({
    rows,
    checkpointsVerified,
    verifiedThrough,
    unsealedRows: rows - sealedRows,
    macsChecked: key !== undefined,
  });
  const broken = (brokenAtId: number, reason: string, cp?: Checkpoint): ChainCheck => ({
    ok: false,
    ...progress(),
    brokenAtId,
    reason,
    ...(cp ? { brokenCheckpointId: cp.id } : {}),
  });
  const macFails = (cp: Checkpoint) => key !== undefined && !checkpointMacMatches(key, cp);

  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${lastId}`)
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    for (const r of batch) {
      // A checkpoint naming an id we have passed names a row that is gone.
      const passed = await checkpoints.peek();
      if (passed && passed.lastAuditId < r.id) {
        if (macFails(passed)) return broken(passed.lastAuditId, FORGED(passed), passed);
        return broken(
          passed.lastAuditId,
          `row ${passed.lastAuditId}, sealed by checkpoint ${passed.id}, is missing: it was removed`,
          passed,
        );
      }
      rows++;
      if (r.prevHash !== prevHash) {
        return broken(r.id, 'the previous row was changed or removed');
      }
      if (storedRowHash(prevHash, r) !== r.hash) return broken(r.id, 'this row was changed');
      for (let cp = await checkpoints.peek(); cp && cp.lastAuditId === r.id;) {
        if (macFails(cp)) return broken(r.id, FORGED(cp), cp);
        const problem = sealProblem(cp, r.hash, rows, lastSealed);
        if (problem) return broken(r.id, problem, cp);
        checkpointsVerified++;
        sealedRows = rows;
        verifiedThrough = new Date(r.at);
        lastSealed = cp;
        checkpoints.shift();
        cp = await checkpoints.peek();
      }
      prevHash = r.hash;
      lastId = r.id;
    }
    if (batch.length < batchSize) break;
  }
  // A checkpoint beyond the chain's end: its newest rows were removed.
  const beyond = await checkpoints.peek();
  if (beyond) {
    if (macFails(beyond)) return broken(beyond.lastAuditId, FORGED(beyond), beyond);
    return broken(
      beyond.lastAuditId,
      `rows were removed from the end: checkpoint ${beyond.id} sealed ${beyond.rowCount} rows through row ${beyond.lastAuditId}; the chain now ends at row ${lastId} with ${rows}`,
      beyond,
    );
  }
  return { ok: true, ...progress() };
}
