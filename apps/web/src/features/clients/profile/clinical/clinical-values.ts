import type {
  AccidentInformation,
  ClinicalInformation,
  ClinicalInput,
  Diagnosis,
} from '../api/clinical';
import { comparableText } from '../lib/changed-fields';
import { usDateOf, wireDateOf } from '../lib/dates';

export interface AccidentValues {
  employment: boolean;
  driving: boolean;
  other: boolean;
  /** Two-letter state of an auto accident, as typed. */
  state: string;
}

export interface ClinicalValues {
  /** In claim order: the first is the primary diagnosis. */
  diagnoses: Diagnosis[];
  /** As typed (MM/DD/YYYY). */
  onset: string;
  accident: AccidentValues;
}

export function clinicalValues(info: ClinicalInformation): ClinicalValues {
  const accident = info.accidentInformation;
  return {
    diagnoses: info.diagnoses,
    onset: usDateOf(info.illnessOnsetDate),
    accident: {
      employment: accident?.accidentCauseEmployment ?? false,
      driving: accident?.accidentCauseDriving ?? false,
      other: accident?.accidentCauseOther ?? false,
      state: accident?.accidentCauseState ?? '',
    },
  };
}

/** No cause ticked and no state: there was no accident (null), as for a new client. */
function accidentInput(accident: AccidentValues): AccidentInformation | null {
  const state = accident.state.trim().toUpperCase();
  if (!accident.employment && !accident.driving && !accident.other && state === '') return null;
  return {
    accidentCauseEmployment: accident.employment,
    accidentCauseDriving: accident.driving,
    accidentCauseOther: accident.other,
    accidentCauseState: state === '' ? null : state,
  };
}

export function clinicalInput(values: ClinicalValues): ClinicalInput {
  return {
    diagnosisCode: values.diagnoses.map((d) => d.code),
    illnessOnsetDate: wireDateOf(values.onset),
    accidentInformation: accidentInput(values.accident),
  };
}

/** Whether saving would change anything: the order of diagnoses counts. */
export function clinicalChanged(initial: ClinicalValues, current: ClinicalValues): boolean {
  const a = clinicalInput(initial);
  const b = clinicalInput(current);
  return (
    a.diagnosisCode.join('|') !== b.diagnosisCode.join('|') ||
    comparableText(a.illnessOnsetDate) !== comparableText(b.illnessOnsetDate) ||
    JSON.stringify(a.accidentInformation) !== JSON.stringify(b.accidentInformation)
  );
}

/** The list with one more diagnosis at the end; unchanged when it is listed or the list is full. */
export function addDiagnosis(list: readonly Diagnosis[], diagnosis: Diagnosis, max: number) {
  if (list.length >= max || list.some((d) => d.code === diagnosis.code)) return [...list];
  return [...list, diagnosis];
}

/** Moves the item at `index` by `delta` places (-1 up, +1 down); out of range leaves it. */
export function moveDiagnosis(list: readonly Diagnosis[], index: number, delta: -1 | 1) {
  const target = index + delta;
  const moved = list[index];
  if (moved === undefined || target < 0 || target >= list.length) return [...list];
  const next = list.filter((_, i) => i !== index);
  next.splice(target, 0, moved);
  return next;
}

export function removeDiagnosis(list: readonly Diagnosis[], index: number) {
  return list.filter((_, i) => i !== index);
}

export const STATE_CODE_MESSAGE = 'Please enter a two-letter state code, e.g. ME.';
export const ACCIDENT_STATE_REQUIRED = 'Name the state where the auto accident happened.';

/** The state is needed for an auto accident and must be a two-letter code (the server's rule). */
export function accidentStateError(accident: AccidentValues): string | null {
  const state = accident.state.trim();
  if (state === '') return accident.driving ? ACCIDENT_STATE_REQUIRED : null;
  return /^[A-Za-z]{2}$/.test(state) ? null : STATE_CODE_MESSAGE;
}
