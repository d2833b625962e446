import {
  defaultPrintRecordsRange,
  mayPrintRecords,
  orderedRecordTypes,
  printDateRange,
  PRINT_SINGLE_PDF_DEFAULT,
  required,
} from '@openpractice/domain';

import type { PrintFilter, PrintOptions, PrintRecordType, PrintRequest } from './api';

/** The print form as the user fills it in (dates as the date fields hold them, '' when empty). */
export interface PrintValues {
  recordTypes: PrintRecordType[];
  /** null: every therapist. */
  therapistId: number | null;
  startDate: string;
  endDate: string;
  singlePdf: boolean;
  sendCompleteMessage: boolean;
  releasePurpose: string;
  releasedTo: string;
}

/**
 * The form's start (spec-1 §9): no record type chosen yet, every therapist, the last 365 days
 * up to the practice's today, one PDF, the page waiting for the PDFs.
 */
export function initialPrintValues(options: Pick<PrintOptions, 'today'>): PrintValues {
  const range = defaultPrintRecordsRange(options.today);
  return {
    recordTypes: [],
    therapistId: null,
    startDate: range.start,
    endDate: range.end,
    singlePdf: PRINT_SINGLE_PDF_DEFAULT,
    sendCompleteMessage: false,
    releasePurpose: '',
    releasedTo: '',
  };
}

/** Ticks or unticks a record type; the list stays in printing order. */
export function toggleRecordType(
  chosen: readonly PrintRecordType[],
  type: PrintRecordType,
  on: boolean,
): PrintRecordType[] {
  const next = on ? [...chosen, type] : chosen.filter((t) => t !== type);
  return orderedRecordTypes(next);
}

/**
 * spec-1 §5: a range needs two dates, otherwise start and end are cleared (every date). The
 * values as they will be sent, for the form to show.
 */
export function withDateRule(values: PrintValues): PrintValues {
  const range = printDateRange(values.startDate, values.endDate);
  return { ...values, startDate: range.startDate ?? '', endDate: range.endDate ?? '' };
}

/** What the counts and the print cover; null while no record type is chosen (nothing happens). */
export function printFilterOf(patientId: number, values: PrintValues): PrintFilter | null {
  if (!mayPrintRecords(values.recordTypes)) return null;
  const range = printDateRange(values.startDate, values.endDate);
  return {
    patientRecordIds: [patientId],
    recordTypes: orderedRecordTypes(values.recordTypes),
    startDate: range.startDate,
    endDate: range.endDate,
    therapistId: values.therapistId,
  };
}

export type ReleaseErrors = Partial<Record<'releasedTo' | 'releasePurpose', string>>;

/** Released to and the purpose are both needed: every release is recorded with them. */
export function releaseErrors(values: PrintValues): ReleaseErrors {
  const errors: ReleaseErrors = {};
  for (const field of ['releasedTo', 'releasePurpose'] as const) {
    const result = required(values[field]);
    if (result !== true) errors[field] = result;
  }
  return errors;
}

export function printRequestOf(filter: PrintFilter, values: PrintValues): PrintRequest {
  return {
    ...filter,
    therapistId: filter.therapistId ?? null,
    singlePdf: values.singlePdf,
    sendCompleteMessage: values.sendCompleteMessage,
    releasePurpose: values.releasePurpose.trim(),
    releasedTo: values.releasedTo.trim(),
  };
}
