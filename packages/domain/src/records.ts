import type { PrintRecordType } from './constants.ts';

/**
 * Printing a client's records (spec-1 §2 /client/records/print/{id}, §3 Print request, §4 Print
 * flow, §8 Printing, §9): the record types that can be printed today, the rule for the date
 * range, the job's states and the spec's messages. The PDFs are made on the server.
 */

/**
 * The record types that exist today, in the spec's order (spec-1 §9), which is the order a
 * PDF shows them. Message threads come with their area.
 */
export const PRINTABLE_RECORD_TYPES = [
  'patient_chart',
  'treatment_plan',
  'past_treatment_plans',
  'appointments',
  'form_response',
] as const satisfies readonly PrintRecordType[];
export type PrintableRecordType = (typeof PRINTABLE_RECORD_TYPES)[number];

export const PRINT_RECORD_TYPE_LABELS: Readonly<Record<PrintableRecordType, string>> = {
  patient_chart: 'Patient chart',
  treatment_plan: 'Treatment plan',
  past_treatment_plans: 'Past treatment plans',
  appointments: 'Appointments',
  form_response: 'Form responses',
};

export function isPrintableRecordType(value: string): value is PrintableRecordType {
  return (PRINTABLE_RECORD_TYPES as readonly string[]).includes(value);
}

/** The chosen types once each, in the printing order (whatever order they were ticked in). */
export function orderedRecordTypes(types: readonly PrintableRecordType[]): PrintableRecordType[] {
  return PRINTABLE_RECORD_TYPES.filter((type) => types.includes(type));
}

/** The states of a print job (spec-1 §4 Print flow: complete means ready, failed means error). */
export const PRINT_JOB_STATUSES = ['pending', 'complete', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** The spec's printing messages (spec-1 §8 Printing), word for word. */
export const PRINT_MESSAGES = {
  counts: 'A problem occurred while getting matching record counts.',
  print: 'A problem occurred while printing the patient records',
  willMessage: "Generating your PDFs. We'll send you a message when they're ready!",
  ready: 'Your export is ready for download.',
  /** Shown until dismissed (no timeout). */
  failed: 'Something went wrong creating your export. Please try again or contact support.',
  waiting: 'A problem occurred while waiting for your download.',
} as const;

export type PrintDateRange = { startDate: string | null; endDate: string | null };

/**
 * spec-1 §5: a date range needs two dates, otherwise start and end are cleared (no dates:
 * every date). Two dates in the wrong order are put in order.
 */
export function printDateRange(startDate: string | null, endDate: string | null): PrintDateRange {
  const start = startDate?.trim() ? startDate.trim() : null;
  const end = endDate?.trim() ? endDate.trim() : null;
  if (start === null || end === null) return { startDate: null, endDate: null };
  return start <= end ? { startDate: start, endDate: end } : { startDate: end, endDate: start };
}

/** spec-1 §5: printing does nothing while no record type is chosen. */
export function mayPrintRecords(recordTypes: readonly string[]): boolean {
  return recordTypes.length > 0;
}

/** At most this many clients in one print request. */
export const PRINT_MAX_CLIENTS = 20;
/** Released to and release purpose: one line each, at most this long. */
export const PRINT_RELEASE_TEXT_MAX = 200;
/** How long a made PDF is kept and its download link is good for (ours: a working day and more). */
export const PRINT_DOWNLOAD_TTL_MS = 24 * 60 * 60_000;
/** How often the page asks how the job is going. */
export const PRINT_STATUS_POLL_MS = 1500;
