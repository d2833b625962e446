import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { printRecordFiles, serverSecrets, type PrintRecordFileRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { hmac, randomToken, safeEqual } from '../../platform/tokens.ts';

/**
 * The download link of a made PDF: `/api/patientRecords/download/{file id}.{MAC}`, the MAC
 * over the file's id and a random nonce of its row, with the server's own key (kept in the
 * database, like the storage and CSRF keys, so every app process agrees). The link itself is
 * never stored, so it can be shown again while the job's page asks for the status; it works
 * once (compare-and-set on `downloaded_at`), only for the user who asked for the print, and
 * only until the file expires.
 */

export const DOWNLOAD_INVALID = 'This download link is not valid.';
export const DOWNLOAD_USED =
  'This download link has already been used. Print the records again for another copy.';
export const DOWNLOAD_EXPIRED =
  'This download link has expired. Print the records again for another copy.';
export const DOWNLOAD_NOT_YOURS =
  'This download link was made for the person who printed the records.';
export const DOWNLOAD_GONE = 'This file is no longer kept. Print the records again.';

const SECRET_NAME = 'print_records';
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;
const DOWNLOAD_PATH = '/api/patientRecords/download/';

export async function loadDownloadKey(db: Db): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('Print records key missing');
  return row.value;
}

export const newTokenNonce = () => randomToken(16);

const macOf = (key: string, file: Pick<PrintRecordFileRow, 'id' | 'tokenNonce'>) =>
  hmac(key, `print-records:${file.id}:${file.tokenNonce}`);

export function downloadUrl(key: string, file: Pick<PrintRecordFileRow, 'id' | 'tokenNonce'>) {
  return `${DOWNLOAD_PATH}${file.id}.${macOf(key, file)}`;
}

/** Whether the link may still be used (not downloaded, not expired, file kept). */
export function isDownloadable(file: PrintRecordFileRow, now: Date): boolean {
  return file.downloadedAt === null && file.removedAt === null && file.expiresAt > now;
}

/** The file a link names: 400 when it is not a link at all, 404 when no such file, 403 when forged. */
export async function fileOfToken(db: Db, key: string, token: string): Promise<PrintRecordFileRow> {
  const match = TOKEN_SHAPE.exec(token);
  if (!match?.[1] || !match[2]) throw new AppError(400, DOWNLOAD_INVALID);
  const [file] = await db
    .select()
    .from(printRecordFiles)
    .where(eq(printRecordFiles.id, Number(match[1])));
  if (!file) throw notFound(DOWNLOAD_INVALID);
  if (!safeEqual(match[2], macOf(key, file))) throw forbidden(DOWNLOAD_INVALID);
  return file;
}

/** 410 when the link was used, has expired or its file is gone. */
export function assertDownloadable(file: PrintRecordFileRow, now: Date): void {
  if (file.downloadedAt !== null) throw new AppError(410, DOWNLOAD_USED);
  if (file.expiresAt <= now) throw new AppError(410, DOWNLOAD_EXPIRED);
  if (file.removedAt !== null) throw new AppError(410, DOWNLOAD_GONE);
}

/** Takes the link's one use (of two requests at once, one gets it; the other answers 410). */
export async function claimDownload(
  db: Db,
  file: PrintRecordFileRow,
  userId: number,
  now: Date,
): Promise<void> {
  const [claimed] = await db
    .update(printRecordFiles)
    .set({ downloadedAt: now, downloadedByUserId: userId })
    .where(
      and(
        eq(printRecordFiles.id, file.id),
        isNull(printRecordFiles.downloadedAt),
        isNull(printRecordFiles.removedAt),
        sql`${printRecordFiles.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: printRecordFiles.id });
  if (!claimed) throw new AppError(410, DOWNLOAD_USED);
}

/** The name the browser saves the file under: no client name in it (it shows in lists). */
export function printFileName(
  jobId: number,
  requestedOn: string,
  index: number,
  count: number,
): string {
  return count === 1
    ? `client-records-${requestedOn}-${jobId}.pdf`
    : `client-records-${requestedOn}-${jobId}-${index + 1}.pdf`;
}
