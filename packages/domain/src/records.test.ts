import { describe, expect, it } from 'vitest';
import {
  mayPrintRecords,
  orderedRecordTypes,
  printDateRange,
  PRINT_MESSAGES,
  PRINTABLE_RECORD_TYPES,
  isPrintableRecordType,
  type PrintableRecordType,
} from './records.ts';
import { PRINT_RECORD_TYPES } from './constants.ts';

describe('print records rules', () => {
  it.each<[string | null, string | null, string | null, string | null]>([
    ['2025-01-01', '2025-12-31', '2025-01-01', '2025-12-31'],
    ['2025-12-31', '2025-01-01', '2025-01-01', '2025-12-31'],
    ['2025-01-01', null, null, null],
    [null, '2025-12-31', null, null],
    ['', '2025-12-31', null, null],
    ['  ', '  ', null, null],
    [null, null, null, null],
    ['2025-06-01', '2025-06-01', '2025-06-01', '2025-06-01'],
  ])('a range of %s to %s prints %s to %s', (start, end, startDate, endDate) => {
    expect(printDateRange(start, end)).toEqual({ startDate, endDate });
  });

  it.each<[string[], boolean]>([
    [[], false],
    [['appointments'], true],
    [['patient_chart', 'appointments'], true],
  ])('printing %j may go: %s', (types, expected) => {
    expect(mayPrintRecords(types)).toBe(expected);
  });

  it.each<[PrintableRecordType[], PrintableRecordType[]]>([
    [
      ['appointments', 'patient_chart'],
      ['patient_chart', 'appointments'],
    ],
    [['appointments', 'appointments'], ['appointments']],
    [
      ['form_response', 'appointments', 'past_treatment_plans', 'treatment_plan'],
      ['treatment_plan', 'past_treatment_plans', 'appointments', 'form_response'],
    ],
    [[], []],
  ])('%j print in the order %j', (chosen, expected) => {
    expect(orderedRecordTypes(chosen)).toEqual(expected);
  });

  it.each<[string, boolean]>([
    ['patient_chart', true],
    ['appointments', true],
    ['treatment_plan', true],
    ['past_treatment_plans', true],
    ['form_response', true],
    ['message_thread', false],
    ['psychotherapy_notes', false],
  ])('%s is printable today: %s', (type, expected) => {
    expect(isPrintableRecordType(type)).toBe(expected);
  });

  it('offers only spec record types', () => {
    for (const type of PRINTABLE_RECORD_TYPES) expect(PRINT_RECORD_TYPES).toContain(type);
  });

  it('keeps the spec messages word for word', () => {
    expect(PRINT_MESSAGES).toEqual({
      counts: 'A problem occurred while getting matching record counts.',
      print: 'A problem occurred while printing the patient records',
      willMessage: "Generating your PDFs. We'll send you a message when they're ready!",
      ready: 'Your export is ready for download.',
      failed: 'Something went wrong creating your export. Please try again or contact support.',
      waiting: 'A problem occurred while waiting for your download.',
    });
  });
});
