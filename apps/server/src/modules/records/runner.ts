import {
  formatUsDate,
  PRINT_DOWNLOAD_TTL_MS,
  PRINT_MESSAGES,
  zonedIsoDate,
} from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/client.ts';
import { printRecordFiles } from '../../db/schema/index.ts';
import type { Mailer } from '../../platform/mail.ts';
import {
  beat,
  claimJob,
  filesToRemove,
  finishJob,
  markRemoved,
  reportProgress,
  type PrintJobRow,
} from './jobs.ts';
import { makeJobFiles, type MakeDeps } from './make-files.ts';

/**
 * The print jobs' worker, in the server process: a job starts once the request that asked for
 * it has committed (the route hands it over after the answer left), one job at a time. Any
 * error fails the job (status failed, the files already made removed) and never reaches the
 * request or the process. Jobs left pending by a stopped process are taken again at start
 * (and by a status check once their heartbeat is stale).
 */

export type RunnerDeps = MakeDeps & {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
};

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Progress is written at most this often (each write is a row update). */
const PROGRESS_EVERY_MS = 500;
/** The heartbeat between progress reports: well inside STALE_JOB_MS. */
const HEARTBEAT_MS = 30_000;

export class PrintRunner {
  private readonly waiting = new Set<number>();
  private running: Promise<void> | null = null;
  /** Removals of downloaded files still under way (waited for at stop). */
  private readonly removals = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: RunnerDeps) {}

  /** Runs the job soon in this process (a job another process holds is left to it). */
  enqueue(jobId: number): void {
    if (this.stopped) return;
    this.waiting.add(jobId);
    this.kick();
  }

  /** Finishes the job in hand and takes no more (pending ones wait for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
    await Promise.all(this.removals);
  }

  /** Whether a job is waiting or running here (for tests). */
  get busy(): boolean {
    return this.running !== null;
  }

  private kick(): void {
    if (this.running !== null || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.waiting.size > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    // Let the answer that asked for the job leave first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.stopped) {
      const next = this.waiting.values().next();
      if (next.done) return;
      this.waiting.delete(next.value);
      await this.sweep();
      await this.run(next.value);
    }
  }

  private async run(jobId: number): Promise<void> {
    const { db, now, log } = this.deps;
    let job: PrintJobRow | undefined;
    try {
      job = await claimJob(db, jobId, now());
    } catch (error) {
      log.error({ jobId, error: errorName(error) }, 'print job could not be taken');
      return;
    }
    if (!job) return;
    const stored: string[] = [];
    let lastWrite = 0;
    const heartbeat = setInterval(() => {
      beat(db, jobId, now()).catch((error: unknown) => {
        log.error({ jobId, error: errorName(error) }, 'print job heartbeat not written');
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await makeJobFiles(
        this.deps,
        job,
        async (share) => {
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          await reportProgress(db, jobId, share * 100, now());
        },
        stored,
      );
      await finishJob(db, jobId, { status: 'complete' }, now());
      await this.tell(job, 'complete');
    } catch (error) {
      // Only the error's class reaches the log: its text may quote a client's record.
      log.error({ jobId, error: errorName(error) }, 'print job failed');
      await this.failed(job, stored, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async failed(job: PrintJobRow, stored: string[], error: unknown): Promise<void> {
    const { db, now, files, log } = this.deps;
    try {
      for (const key of stored) await files.delete(key);
      await db
        .update(printRecordFiles)
        .set({ removedAt: now() })
        .where(eq(printRecordFiles.jobId, job.id));
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await finishJob(db, job.id, { status: 'failed', error: text }, now());
      await this.tell(job, 'failed');
    } catch (cleanup) {
      log.error({ jobId: job.id, error: errorName(cleanup) }, 'failed print job not recorded');
    }
  }

  /**
   * The message the page promised when it stopped waiting (sendCompleteMessage). Until the
   * messages area exists it is an email to the user: no client's name, only where to go.
   */
  private async tell(job: PrintJobRow, outcome: 'complete' | 'failed'): Promise<void> {
    if (!job.request.sendCompleteMessage) return;
    const { db, mailer, publicUrl, now, log } = this.deps;
    try {
      const [user] = await rowsOf<{ email: string | null; timezone: string }>(
        db,
        sql`select u.email, p.timezone from users u join practices p on p.id = ${job.practiceId}
            where u.id = ${job.requestedByUserId}`,
      );
      if (!user?.email) return;
      const page = `${publicUrl}/n/client/records/print/${job.patientIds[0] ?? 0}?job=${job.id}`;
      const until = formatUsDate(
        zonedIsoDate(new Date(now().getTime() + PRINT_DOWNLOAD_TTL_MS), user.timezone),
      );
      const text =
        outcome === 'complete'
          ? `${PRINT_MESSAGES.ready}\n\nOpen ${page} to download it. Each download link works once, until ${until}.\n`
          : `${PRINT_MESSAGES.failed}\n\n${page}\n`;
      await mailer.sendMail(db, {
        practiceId: job.practiceId,
        to: user.email,
        subject: outcome === 'complete' ? PRINT_MESSAGES.ready : PRINT_MESSAGES.failed,
        text,
        kind: 'records_export',
      });
    } catch (error) {
      log.error({ jobId: job.id, error: errorName(error) }, 'print job message not sent');
    }
  }

  /** Removes stored PDFs that were downloaded or have expired. */
  async sweep(): Promise<void> {
    const { db, now, files, log } = this.deps;
    try {
      const gone = await filesToRemove(db, now());
      for (const file of gone) await files.delete(file.fileKey);
      await markRemoved(
        db,
        gone.map((f) => f.id),
        now(),
      );
    } catch (error) {
      log.error({ error: errorName(error) }, 'print files could not be swept');
    }
  }

  /** Removes one downloaded file now (the sweep would find it later anyway). */
  remove(fileId: number, key: string): void {
    const removal = this.removeNow(fileId, key).finally(() => {
      this.removals.delete(removal);
    });
    this.removals.add(removal);
  }

  private async removeNow(fileId: number, key: string): Promise<void> {
    try {
      await this.deps.files.delete(key);
      await markRemoved(this.deps.db, [fileId], this.deps.now());
    } catch (error) {
      this.deps.log.error({ error: errorName(error) }, 'print file could not be removed');
    }
  }
}
