import { describe, expect, it } from 'vitest';
import { printedHeader } from './print-data.ts';

const columns = {
  sessionAt: '2026-03-02T15:00:00.000Z',
  durationMinutes: 50,
  cptCode: '90834',
  placeOfService: '11',
  telehealth: false,
  diagnosisCodes: ['F41.1'],
};

describe('the printed note header', () => {
  it('is what was signed with the version', () => {
    expect(
      printedHeader({
        ...columns,
        signedHeader: {
          sessionAt: '2026-03-02T16:00:00Z',
          durationMinutes: 53,
          cptCode: '90837',
          placeOfService: null,
          telehealth: true,
          diagnoses: ['F32.1', 'F41.1'],
        },
      }),
    ).toEqual({
      sessionAt: '2026-03-02T16:00:00.000Z',
      durationMinutes: 53,
      cptCode: '90837',
      placeOfService: null,
      telehealth: true,
      diagnosisCodes: ['F32.1', 'F41.1'],
    });
  });

  it.each([
    ['no signed header', null],
    ['an empty one', {}],
    [
      'one of the wrong shapes',
      { sessionAt: 'soon', durationMinutes: '50', diagnoses: [1], cptCode: 7 },
    ],
  ])('falls back to the note with %s', (_name, signedHeader) => {
    expect(printedHeader({ ...columns, signedHeader })).toEqual(columns);
  });
});
