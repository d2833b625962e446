import {
  fullName,
  orderedRecordTypes,
  PRINT_DOWNLOAD_TTL_MS,
  zonedIsoDate,
  type PrintableRecordType,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { StorageAdapter } from '../../platform/storage.ts';
import { randomToken } from '../../platform/tokens.ts';
import { newTokenNonce, printFileName } from './downloads.ts';
import { addFile, type PrintJobRow } from './jobs.ts';
import { letterheadOf } from '../../platform/pdf/letterhead.ts';
import { buildRecordsPdf } from './pdf/document.ts';
import { printedAppointments, printedNotes } from './print-data.ts';
import { printedForms, printedPlans } from './print-documents.ts';
import { printClient } from './queries.ts';

/**
 * Makes a job's PDFs: per client, one PDF of every chosen type (singlePdf) or one per type;
 * each is stored through the storage adapter under the practice's folder and recorded with
 * its expiry. Answers the stored keys, so a failure can remove what was already stored.
 */

export type MakeDeps = { db: Db; files: StorageAdapter; now: () => Date };

async function nameOfUser(db: Db, userId: number): Promise<string> {
  const [row] = await rowsOf<{ firstName: string; lastName: string }>(
    db,
    sql`select first_name as "firstName", last_name as "lastName" from users where id = ${userId}`,
  );
  return row ? fullName(row) : 'a former user';
}

async function nameOfTherapist(db: Db, therapistId: number | null): Promise<string | null> {
  if (therapistId === null) return null;
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select btrim(first_name || ' ' || last_name) as name from therapists where id = ${therapistId}`,
  );
  return row?.name ?? null;
}

/** The documents of one client: all types together, or one per type. */
function documentsOf(job: PrintJobRow): PrintableRecordType[][] {
  const types = orderedRecordTypes(job.request.recordTypes);
  return job.request.singlePdf ? [types] : types.map((type) => [type]);
}

export async function makeJobFiles(
  deps: MakeDeps,
  job: PrintJobRow,
  onProgress: (share: number) => Promise<void>,
  stored: string[],
): Promise<void> {
  const practice = await letterheadOf(deps.db, deps.files, job.practiceId);
  const requestedBy = await nameOfUser(deps.db, job.requestedByUserId);
  const therapistName = await nameOfTherapist(deps.db, job.request.therapistId);
  const documents = documentsOf(job);
  const total = job.items.length * documents.length;
  const requestedOn = zonedIsoDate(job.createdAt, practice.timezone);
  let done = 0;
  for (const item of job.items) {
    const client = await printClient(deps.db, job.practiceId, item.clientId);
    // A client removed since the request has nothing left to print.
    if (!client) continue;
    const notes = await printedNotes(deps.db, item.notes, job.createdAt);
    const appointments = await printedAppointments(deps.db, item.appointments);
    const plans = await printedPlans(deps.db, item.plans, job.createdAt);
    const pastPlans = await printedPlans(deps.db, item.pastPlans, job.createdAt);
    const forms = await printedForms(deps.db, item.forms, job.createdAt);
    await onProgress((done + 0.3 * documents.length) / total);
    for (const recordTypes of documents) {
      const bytes = await buildRecordsPdf({
        practice,
        client,
        request: job.request,
        therapistName,
        requestedBy,
        requestedAt: job.createdAt,
        recordTypes,
        notes,
        appointments,
        plans,
        pastPlans,
        forms,
      });
      const key = `practices/${job.practiceId}/records/${job.id}/${randomToken(12)}.pdf`;
      await deps.files.put(key, Buffer.from(bytes));
      stored.push(key);
      await addFile(deps.db, {
        jobId: job.id,
        practiceId: job.practiceId,
        clientId: item.clientId,
        recordTypes,
        fileKey: key,
        fileName: printFileName(job.id, requestedOn, done, total),
        bytes: bytes.length,
        tokenNonce: newTokenNonce(),
        expiresAt: new Date(deps.now().getTime() + PRINT_DOWNLOAD_TTL_MS),
      });
      done++;
      await onProgress(done / total);
    }
  }
}
