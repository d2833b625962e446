import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  printRecordFiles,
  printRecordJobs,
  type PrintJobClientItems,
  type PrintJobCounts,
  type PrintJobRequest,
  type PrintRecordFileRow,
} from '../../db/schema/index.ts';

/**
 * The rows of print jobs and their files. A job is taken by one server process at a time
 * (compare-and-set on its claim); a process that stops mid-job leaves a heartbeat that goes
 * stale, and the job is then taken again.
 */

export type PrintJobRow = typeof printRecordJobs.$inferSelect;

/** A job whose heartbeat is older than this is taken to have lost its process. */
export const STALE_JOB_MS = 2 * 60_000;

export async function createJob(
  db: Db,
  input: {
    practiceId: number;
    userId: number;
    patientIds: number[];
    request: PrintJobRequest;
    items: PrintJobClientItems[];
    counts: PrintJobCounts;
    now: Date;
  },
): Promise<PrintJobRow> {
  const [row] = await db
    .insert(printRecordJobs)
    .values({
      practiceId: input.practiceId,
      requestedByUserId: input.userId,
      patientIds: input.patientIds,
      request: input.request,
      items: input.items,
      counts: input.counts,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('print job not recorded');
  return row;
}

/** The caller's own job (another user's, or another practice's, is not found). */
export async function ownJob(
  db: Db,
  scope: { practiceId: number; userId: number },
  jobId: number,
): Promise<PrintJobRow | undefined> {
  const [row] = await db
    .select()
    .from(printRecordJobs)
    .where(
      and(
        eq(printRecordJobs.id, jobId),
        eq(printRecordJobs.practiceId, scope.practiceId),
        eq(printRecordJobs.requestedByUserId, scope.userId),
      ),
    );
  return row;
}

export async function jobById(db: Db, jobId: number): Promise<PrintJobRow | undefined> {
  const [row] = await db.select().from(printRecordJobs).where(eq(printRecordJobs.id, jobId));
  return row;
}

export function jobFiles(db: Db, jobId: number): Promise<PrintRecordFileRow[]> {
  return db
    .select()
    .from(printRecordFiles)
    .where(eq(printRecordFiles.jobId, jobId))
    .orderBy(asc(printRecordFiles.id));
}

const staleBefore = (now: Date) => new Date(now.getTime() - STALE_JOB_MS).toISOString();

/** Whether a pending job has no live process working on it. */
export function isUnattended(job: PrintJobRow, now: Date): boolean {
  return (
    job.status === 'pending' &&
    (job.heartbeatAt === null || job.heartbeatAt.toISOString() < staleBefore(now))
  );
}

/** Takes a pending job for this process; undefined when another has it or it is done. */
export async function claimJob(db: Db, jobId: number, now: Date): Promise<PrintJobRow | undefined> {
  const [row] = await db
    .update(printRecordJobs)
    .set({ claimedAt: now, heartbeatAt: now, progress: 0 })
    .where(
      and(
        eq(printRecordJobs.id, jobId),
        eq(printRecordJobs.status, 'pending'),
        or(
          isNull(printRecordJobs.heartbeatAt),
          sql`${printRecordJobs.heartbeatAt} < ${staleBefore(now)}::timestamptz`,
        ),
      ),
    )
    .returning();
  return row;
}

export async function reportProgress(
  db: Db,
  jobId: number,
  progress: number,
  now: Date,
): Promise<void> {
  await db
    .update(printRecordJobs)
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))), heartbeatAt: now })
    .where(and(eq(printRecordJobs.id, jobId), eq(printRecordJobs.status, 'pending')));
}

/** Says the job's process is alive (a long PDF can take a while between progress reports). */
export async function beat(db: Db, jobId: number, now: Date): Promise<void> {
  await db
    .update(printRecordJobs)
    .set({ heartbeatAt: now })
    .where(and(eq(printRecordJobs.id, jobId), eq(printRecordJobs.status, 'pending')));
}

export async function finishJob(
  db: Db,
  jobId: number,
  outcome: { status: 'complete' } | { status: 'failed'; error: string },
  now: Date,
): Promise<void> {
  await db
    .update(printRecordJobs)
    .set({
      status: outcome.status,
      progress: outcome.status === 'complete' ? 100 : 0,
      error: outcome.status === 'failed' ? outcome.error.slice(0, 500) : null,
      finishedAt: now,
      heartbeatAt: now,
    })
    .where(eq(printRecordJobs.id, jobId));
}

export async function addFile(
  db: Db,
  file: Omit<PrintRecordFileRow, 'id' | 'downloadedAt' | 'downloadedByUserId' | 'removedAt'>,
): Promise<void> {
  await db.insert(printRecordFiles).values(file);
}

/** Pending jobs, oldest first (to take again after a restart). */
export async function pendingJobIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: printRecordJobs.id })
    .from(printRecordJobs)
    .where(eq(printRecordJobs.status, 'pending'))
    .orderBy(asc(printRecordJobs.id));
  return rows.map((r) => r.id);
}

/** Files still stored that are no longer wanted: downloaded or expired. */
export function filesToRemove(db: Db, now: Date): Promise<PrintRecordFileRow[]> {
  return db
    .select()
    .from(printRecordFiles)
    .where(
      and(
        isNull(printRecordFiles.removedAt),
        or(isNotNull(printRecordFiles.downloadedAt), lte(printRecordFiles.expiresAt, now)),
      ),
    );
}

export async function markRemoved(db: Db, fileIds: number[], now: Date): Promise<void> {
  for (const id of fileIds) {
    await db.update(printRecordFiles).set({ removedAt: now }).where(eq(printRecordFiles.id, id));
  }
}
