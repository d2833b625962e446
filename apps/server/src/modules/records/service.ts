import type { z } from 'zod';
import type * as contract from '@openpractice/contracts/records/print';
import { orderedRecordTypes, PRINT_MESSAGES, type PrintableRecordType } from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { downloadUrl, isDownloadable } from './downloads.ts';
import { createJob, isUnattended, jobFiles, ownJob, type PrintJobRow } from './jobs.ts';
import { countsOf, pinRecords, type PrintScope } from './queries.ts';

type Filter = z.output<typeof contract.printFilter>;
type Request = z.output<typeof contract.printRequest>;
type RecordCount = { recordType: PrintableRecordType; count: number };

export const NOTHING_TO_PRINT =
  'No records match. Choose other record types, another therapist or other dates.';
export const JOB_NOT_FOUND = 'We could not find that export.';

async function scopeOf(
  db: Db,
  practiceId: number,
  filter: Filter,
  clinicalClientIds: ReadonlySet<number>,
): Promise<PrintScope> {
  return {
    practiceId,
    clientIds: [...new Set(filter.patientRecordIds)],
    recordTypes: orderedRecordTypes(filter.recordTypes),
    startDate: filter.startDate,
    endDate: filter.endDate,
    therapistId: filter.therapistId ?? null,
    timezone: await practiceTimezone(db, practiceId),
    clinicalClientIds,
  };
}

/** The counts shown before printing (spec-1: findBatchCountTotals first). */
export async function countRecords(
  db: Db,
  practiceId: number,
  filter: Filter,
  clinicalClientIds: ReadonlySet<number>,
): Promise<RecordCount[]> {
  const scope = await scopeOf(db, practiceId, filter, clinicalClientIds);
  return countsOf(await pinRecords(db, scope), scope.recordTypes);
}

/**
 * Records the job with the records it prints, fixed now, and what the audit row's disclosure
 * says: to whom, why, which types, how many, which dates and therapist, for which job.
 */
export async function startPrint(
  db: Db,
  input: {
    practiceId: number;
    userId: number;
    body: Request;
    now: Date;
    clinicalClientIds: ReadonlySet<number>;
  },
): Promise<{ job: PrintJobRow; counts: RecordCount[]; disclosure: Record<string, unknown> }> {
  const { body } = input;
  const scope = await scopeOf(db, input.practiceId, body, input.clinicalClientIds);
  const items = await pinRecords(db, scope);
  const counts = countsOf(items, scope.recordTypes);
  if (counts.every((c) => c.count === 0)) throw badRequest(NOTHING_TO_PRINT, 'recordTypes');
  const countsByType = Object.fromEntries(counts.map((c) => [c.recordType, c.count]));
  const job = await createJob(db, {
    practiceId: input.practiceId,
    userId: input.userId,
    patientIds: [...scope.clientIds],
    request: {
      recordTypes: [...scope.recordTypes],
      startDate: scope.startDate,
      endDate: scope.endDate,
      therapistId: scope.therapistId,
      singlePdf: body.singlePdf,
      sendCompleteMessage: body.sendCompleteMessage,
      releasePurpose: body.releasePurpose.trim(),
      releasedTo: body.releasedTo.trim(),
    },
    items,
    counts: countsByType,
    now: input.now,
  });
  const disclosure: Record<string, unknown> = {
    disclosure: true,
    jobId: job.id,
    releasedTo: job.request.releasedTo,
    releasePurpose: job.request.releasePurpose,
    recordTypes: scope.recordTypes,
    counts: countsByType,
    startDate: scope.startDate,
    endDate: scope.endDate,
    therapistId: scope.therapistId,
    singlePdf: body.singlePdf,
  };
  if (items.length > 1) {
    disclosure.countsByClient = Object.fromEntries(
      items.map((item) => [
        item.clientId,
        Object.fromEntries(countsOf([item], scope.recordTypes).map((c) => [c.recordType, c.count])),
      ]),
    );
  }
  return { job, counts, disclosure };
}

const MESSAGES: Record<PrintJobRow['status'], string | null> = {
  pending: null,
  complete: PRINT_MESSAGES.ready,
  failed: PRINT_MESSAGES.failed,
};

/**
 * The caller's job as the page polls it; `resume` when it is pending with no live process
 * (its process stopped): the caller's process takes it.
 */
export async function jobStatus(
  db: Db,
  downloadKey: string,
  input: { practiceId: number; userId: number; jobId: number; now: Date },
) {
  const job = await ownJob(db, input, input.jobId);
  if (!job) throw notFound(JOB_NOT_FOUND);
  const files = job.status === 'complete' ? await jobFiles(db, job.id) : [];
  return {
    resume: isUnattended(job, input.now),
    data: {
      jobId: job.id,
      status: job.status,
      progress: job.progress,
      message: MESSAGES[job.status],
      patientRecordIds: job.patientIds,
      downloads: files.map((file) => ({
        fileId: file.id,
        fileName: file.fileName,
        recordTypes: file.recordTypes,
        url: isDownloadable(file, input.now) ? downloadUrl(downloadKey, file) : null,
        expiresAt: file.expiresAt,
        downloadedAt: file.downloadedAt,
      })),
    },
  };
}
