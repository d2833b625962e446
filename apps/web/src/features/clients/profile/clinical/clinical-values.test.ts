import { describe, expect, it } from 'vitest';

import type { ClinicalInformation } from '../api/clinical';
import {
  accidentStateError,
  addDiagnosis,
  clinicalChanged,
  clinicalInput,
  clinicalValues,
  moveDiagnosis,
  removeDiagnosis,
} from './clinical-values';

const gad = { code: 'F41.1', description: 'Generalized anxiety disorder' };
const mdd = { code: 'F32.9', description: 'Major depressive disorder, single episode' };
const adj = { code: 'F43.23', description: 'Adjustment disorder with mixed anxiety' };

const loaded: ClinicalInformation = {
  diagnosisCode: ['F41.1', 'F32.9'],
  diagnoses: [gad, mdd],
  illnessOnsetDate: '2026-01-05',
  accidentInformation: null,
};

describe('the diagnosis list', () => {
  it('adds at the end, once, up to the limit', () => {
    expect(addDiagnosis([gad], adj, 12)).toEqual([gad, adj]);
    expect(addDiagnosis([gad], gad, 12)).toEqual([gad]);
    expect(addDiagnosis([gad, mdd], adj, 2)).toEqual([gad, mdd]);
  });

  it('moves up and down within the list', () => {
    expect(moveDiagnosis([gad, mdd, adj], 2, -1)).toEqual([gad, adj, mdd]);
    expect(moveDiagnosis([gad, mdd, adj], 0, 1)).toEqual([mdd, gad, adj]);
    expect(moveDiagnosis([gad, mdd], 0, -1)).toEqual([gad, mdd]);
    expect(moveDiagnosis([gad, mdd], 1, 1)).toEqual([gad, mdd]);
  });

  it('removes by position', () => {
    expect(removeDiagnosis([gad, mdd, adj], 1)).toEqual([gad, adj]);
  });
});

describe('clinical changes', () => {
  const initial = clinicalValues(loaded);

  it('sees no change in what was loaded', () => {
    expect(clinicalChanged(initial, clinicalValues(loaded))).toBe(false);
  });

  it('counts a new order as a change', () => {
    expect(clinicalChanged(initial, { ...initial, diagnoses: [mdd, gad] })).toBe(true);
  });

  it('sends no accident when nothing is ticked, and the state in capitals', () => {
    expect(clinicalInput(initial)).toEqual({
      diagnosisCode: ['F41.1', 'F32.9'],
      illnessOnsetDate: '2026-01-05',
      accidentInformation: null,
    });
    const driving = {
      ...initial,
      accident: { employment: false, driving: true, other: false, state: 'me' },
    };
    expect(clinicalInput(driving).accidentInformation).toEqual({
      accidentCauseEmployment: false,
      accidentCauseDriving: true,
      accidentCauseOther: false,
      accidentCauseState: 'ME',
    });
    expect(clinicalChanged(initial, driving)).toBe(true);
  });
});

describe('accidentStateError', () => {
  const none = { employment: false, driving: false, other: false, state: '' };

  it('needs a state for an auto accident', () => {
    expect(accidentStateError({ ...none, driving: true })).toBe(
      'Name the state where the auto accident happened.',
    );
    expect(accidentStateError({ ...none, driving: true, state: 'ME' })).toBeNull();
    expect(accidentStateError(none)).toBeNull();
  });

  it('refuses anything but two letters', () => {
    expect(accidentStateError({ ...none, state: 'Maine' })).toBe(
      'Please enter a two-letter state code, e.g. ME.',
    );
  });
});
