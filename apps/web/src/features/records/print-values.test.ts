import { describe, expect, it } from 'vitest';

import {
  initialPrintValues,
  printFilterOf,
  printRequestOf,
  releaseErrors,
  toggleRecordType,
  withDateRule,
  type PrintValues,
} from './print-values';

const start = initialPrintValues({ today: '2026-03-15' });

describe('the print form', () => {
  it('starts with no type, every therapist, the last 365 days and one PDF', () => {
    expect(start).toEqual({
      recordTypes: [],
      therapistId: null,
      startDate: '2025-03-15',
      endDate: '2026-03-15',
      singlePdf: true,
      sendCompleteMessage: false,
      releasePurpose: '',
      releasedTo: '',
    });
  });

  it('does nothing while no record type is chosen', () => {
    expect(printFilterOf(7, start)).toBeNull();
  });

  it('keeps the types in printing order', () => {
    const chosen = toggleRecordType(
      toggleRecordType([], 'appointments', true),
      'patient_chart',
      true,
    );
    expect(chosen).toEqual(['patient_chart', 'appointments']);
    expect(toggleRecordType(chosen, 'patient_chart', false)).toEqual(['appointments']);
  });

  it.each<[string, string, string, string]>([
    ['2025-01-01', '2025-12-31', '2025-01-01', '2025-12-31'],
    ['2025-01-01', '', '', ''],
    ['', '2025-12-31', '', ''],
  ])('a range of %j to %j becomes %j to %j', (startDate, endDate, from, to) => {
    expect(withDateRule({ ...start, startDate, endDate })).toMatchObject({
      startDate: from,
      endDate: to,
    });
  });

  it('sends the filter and the request as the contract says', () => {
    const values: PrintValues = {
      ...start,
      recordTypes: ['appointments'],
      therapistId: 4,
      endDate: '',
      releasedTo: '  Dr. Grant ',
      releasePurpose: 'Continuity of care',
    };
    const filter = printFilterOf(7, values);
    expect(filter).toEqual({
      patientRecordIds: [7],
      recordTypes: ['appointments'],
      startDate: null,
      endDate: null,
      therapistId: 4,
    });
    expect(filter && printRequestOf(filter, values)).toEqual({
      ...filter,
      singlePdf: true,
      sendCompleteMessage: false,
      releasedTo: 'Dr. Grant',
      releasePurpose: 'Continuity of care',
    });
  });

  it('needs to whom and why', () => {
    expect(releaseErrors(start)).toEqual({
      releasedTo: 'This is required.',
      releasePurpose: 'This is required.',
    });
    expect(releaseErrors({ ...start, releasedTo: 'Client', releasePurpose: 'Own copy' })).toEqual(
      {},
    );
  });
});
