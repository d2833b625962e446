import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditCheckpoints, auditLog } from '../db/schema/index.ts';

/**
 * Checkpoints seal the audit chain's head with a keyed MAC. The row hashes
 * alone can be recomputed by anyone who can write the table; the MAC cannot
 * without the key, which never enters the database: it comes from AUDIT_KEY
 * or from DATA_DIR/audit.key (created 0600 on first use).
 */
export const AUDIT_KEY_FILE = 'audit.key';
export const MIN_AUDIT_KEY_BYTES = 32;
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 60_000;

/** Serialises checkpoint writers (several app processes may share one database). */
const CHECKPOINT_LOCK_KEY = 727003;

/** AUDIT_KEY: hex when it holds only hex digits (even length), else base64; null when unreadable or too short. */
export function parseAuditKey(text: string): Buffer | null {
  const value = text.trim();
  let key: Buffer;
  if (/^(?:[0-9a-f]{2})+$/i.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) key = Buffer.from(value, 'base64');
  else return null;
  return key.length >= MIN_AUDIT_KEY_BYTES ? key : null;
}

/**
 * The key file in the data folder: read when present, else created with mode
 * 0600. It is written whole under a temporary name and then linked into
 * place, so two processes starting together agree on one complete key.
 * A file others may read is refused, as ssh refuses a private key.
 */
export async function loadOrCreateAuditKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, AUDIT_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  const existing = await readAuditKeyFile(dataDir);
  if (existing) return existing;
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  const handle = await open(partial, 'wx', 0o600);
  try {
    // The umask may only remove bits; set exactly 0600 regardless.
    await handle.chmod(0o600);
    await handle.writeFile(`${randomBytes(MIN_AUDIT_KEY_BYTES).toString('hex')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(partial, path);
  } catch (error) {
    // Another process linked its key first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(partial);
  }
  const key = await readAuditKeyFile(dataDir);
  if (!key) throw new Error(`${path} could not be created.`);
  return key;
}

/** The data folder's key file, or null when there is none (the verifier never creates one). */
export async function readAuditKeyFile(dataDir: string): Promise<Buffer | null> {
  const path = join(dataDir, AUDIT_KEY_FILE);
  let mode: number;
  try {
    mode = (await stat(path)).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (mode & 0o077) {
    throw new Error(
      `${path} can be read by other users (mode ${mode.toString(8)}); run chmod 600 on it.`,
    );
  }
  const key = parseAuditKey(await readFile(path, 'utf8'));
  if (!key)
    throw new Error(`${path} does not hold a key of at least ${MIN_AUDIT_KEY_BYTES} bytes.`);
  return key;
}

export type CheckpointSeal = { at: Date; lastAuditId: number; lastHash: string; rowCount: number };

export function checkpointMac(key: Buffer, seal: CheckpointSeal): string {
  return createHmac('sha256', key)
    .update(
      `audit-checkpoint:v1|${seal.at.getTime()}|${seal.lastAuditId}|${seal.lastHash}|${seal.rowCount}`,
    )
    .digest('hex');
}

export function checkpointMacMatches(key: Buffer, seal: CheckpointSeal & { mac: string }): boolean {
  const expected = Buffer.from(checkpointMac(key, seal));
  const actual = Buffer.from(seal.mac);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Seals the chain's current head: one small insert. Rows are counted from the
 * previous checkpoint on (an index range), unless that checkpoint's MAC fails,
 * in which case everything is counted rather than trusting a forged count.
 * Returns null when there is nothing new to seal.
 */
export async function writeAuditCheckpoint(
  db: Db,
  key: Buffer,
  now = new Date(),
): Promise<CheckpointSeal | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHECKPOINT_LOCK_KEY})`);
    const [head] = await tx
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (!head) return null;
    const [previous] = await tx
      .select()
      .from(auditCheckpoints)
      .orderBy(desc(auditCheckpoints.id))
      .limit(1);
    const trusted =
      previous && previous.lastAuditId <= head.id && checkpointMacMatches(key, previous)
        ? previous
        : undefined;
    if (trusted && trusted.lastAuditId === head.id) return null;
    const counted = await tx.$count(
      auditLog,
      and(gt(auditLog.id, trusted?.lastAuditId ?? 0), lte(auditLog.id, head.id)),
    );
    const seal: CheckpointSeal = {
      at: now,
      lastAuditId: head.id,
      lastHash: head.hash,
      rowCount: (trusted?.rowCount ?? 0) + counted,
    };
    await tx.insert(auditCheckpoints).values({ ...seal, mac: checkpointMac(key, seal) });
    return seal;
  });
}

type CheckpointHost = {
  now: () => Date;
  log: { error(obj: unknown, msg?: string): void };
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
};

/**
 * Seals the chain every `intervalMs` and once more at a clean shutdown. A
 * failed write is logged and retried at the next tick; it never stops the app.
 */
export function scheduleAuditCheckpoints(
  app: CheckpointHost,
  db: Db,
  key: Buffer,
  intervalMs = DEFAULT_CHECKPOINT_INTERVAL_MS,
): void {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => writeAuditCheckpoint(db, key, app.now()))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'audit checkpoint failed');
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await tick();
  });
}
