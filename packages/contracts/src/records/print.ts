import {
  PRINT_JOB_STATUSES,
  PRINT_MAX_CLIENTS,
  PRINT_RELEASE_TEXT_MAX,
  PRINTABLE_RECORD_TYPES,
} from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, dateSchema, pdfFile, queryId, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Printing a client's records (spec-1 §2 /client/records/print/{id}, §3 Print request, §4 Print
 * flow, §7 Printing). The counts come first, then a job makes the PDFs on the server in the
 * background; the page asks for its status until it is complete or failed, and downloads each
 * PDF once through its own link. See docs/records-api.md.
 */

export const printRecordType = z.enum(PRINTABLE_RECORD_TYPES);

const releaseText = textSchema(PRINT_RELEASE_TEXT_MAX).refine(
  (text) => text.trim() !== '',
  'This is required.',
);

/** What is printed: which clients, which record types, which therapist and which dates. */
const printFilterFields = {
  /** The clients whose records are printed (spec: patientRecordIds). */
  patientRecordIds: z.array(bodyId).min(1).max(PRINT_MAX_CLIENTS),
  recordTypes: z.array(printRecordType).min(1).max(PRINTABLE_RECORD_TYPES.length),
  /** Both dates or neither (every date); days on the practice's calendar, inclusive. */
  startDate: dateSchema().nullable(),
  endDate: dateSchema().nullable(),
  /** Only this therapist's notes and appointments; null or absent: every therapist (ours). */
  therapistId: bodyId.nullable().optional(),
};

type DatedBody = { startDate: string | null; endDate: string | null };

function checkDates(body: DatedBody, context: z.core.$RefinementCtx<DatedBody>): void {
  if ((body.startDate === null) !== (body.endDate === null)) {
    context.addIssue({
      code: 'custom',
      path: [body.startDate === null ? 'startDate' : 'endDate'],
      message: 'A date range needs two dates.',
    });
  } else if (body.startDate !== null && body.endDate !== null && body.startDate > body.endDate) {
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date must be on or after the start date.',
    });
  }
}

export const printFilter = z.object(printFilterFields).superRefine(checkDates);

/** spec-1 §3 Print request, with the therapist choice. */
export const printRequest = z
  .object({
    ...printFilterFields,
    /** One PDF for everything (default), or one per record type. */
    singlePdf: z.boolean().default(true),
    /** Tell the user when the PDFs are ready instead of the page waiting for them. */
    sendCompleteMessage: z.boolean().default(false),
    releasePurpose: releaseText,
    releasedTo: releaseText,
  })
  .superRefine(checkDates);

/** What the print page starts from: the client, the types the caller may print, the therapists. */
export const printOptions = defineCall('GET', '/patientRecords/printOptions', {
  querystring: z.object({ patientId: queryId }),
  response: {
    200: dataOf(
      z.object({
        patientId: z.number(),
        clientName: z.string(),
        /** The record types this caller may print for this client, in printing order. */
        recordTypes: z.array(printRecordType),
        therapists: z.array(z.object({ therapistId: z.number(), name: z.string() })),
        /** Today on the practice's calendar, for the date presets. */
        today: z.string(),
        timezone: z.string(),
      }),
    ),
  },
});

const recordCount = z.object({ recordType: printRecordType, count: z.number() });

/** How many records each chosen type holds for the request (shown before printing). */
export const findBatchCountTotals = defineCall('POST', '/patientRecords/findBatchCountTotals', {
  body: printFilter,
  response: { 200: z.object({ data: z.array(recordCount), total: z.number() }) },
});

/** Starts the job that makes the PDFs; the release is recorded as a disclosure. */
export const printPatientRecords = defineCall('POST', '/patientRecords/printPatientRecords', {
  body: printRequest,
  response: {
    202: dataOf(
      z.object({
        jobId: z.number(),
        status: z.enum(PRINT_JOB_STATUSES),
        counts: z.array(recordCount),
      }),
    ),
  },
});

export const printDownload = z.object({
  fileId: z.number(),
  fileName: z.string(),
  recordTypes: z.array(printRecordType),
  /** The single-use link; null once it was used or has expired. */
  url: z.string().nullable(),
  expiresAt: timestamp,
  downloadedAt: timestamp.nullable(),
});

/** How the job is going: pending with its progress, complete with its downloads, or failed. */
export const checkPrintRecordsStatus = defineCall(
  'POST',
  '/patientRecords/checkPrintRecordsStatus',
  {
    body: z.object({ jobId: bodyId }),
    response: {
      200: dataOf(
        z.object({
          jobId: z.number(),
          status: z.enum(PRINT_JOB_STATUSES),
          /** 0 to 100. */
          progress: z.number(),
          /** complete: 'Your export is ready for download.'; failed: the spec's failure; else null. */
          message: z.string().nullable(),
          patientRecordIds: z.array(z.number()),
          downloads: z.array(printDownload),
        }),
      ),
    },
  },
);

export const downloadPrintedRecords = defineCall('GET', '/patientRecords/download/:token', {
  params: z.object({ token: z.string().max(200) }),
  response: { 200: pdfFile.describe('The PDF') },
  hide: true,
});
