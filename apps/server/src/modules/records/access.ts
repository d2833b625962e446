import {
  CLINICAL_NOTES_FORBIDDEN,
  mayReadClinicalNotes,
  PRINTABLE_RECORD_TYPES,
  type PrintableRecordType,
} from '@openpractice/domain';
import type { ClientGate } from '../../platform/client-gate.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * Who may print what. Releasing a client's records needs the client gate with demographic
 * access (practice-wide record keepers, the client's therapists and their supervisors, the
 * custodian): front office and staff administrators, who see the record's basics only, may
 * not. The patient chart and treatment plans also need charting's rule for reading clinical
 * notes (the client's therapists, their supervisors, the custodian, managers), as the plan
 * pages do: a biller or scheduler may print appointments and forms but not notes or plans.
 * Measures among the forms follow the same rule (the forms module's), so a biller's print
 * leaves them out (queries.ts).
 */
export const PRINT_CLIENT_NEED = 'hasDemographicAccess';

const CLINICAL_TYPES: readonly PrintableRecordType[] = [
  'patient_chart',
  'treatment_plan',
  'past_treatment_plans',
];

function readsClinical(gate: ClientGate, authorities: readonly string[]): boolean {
  return mayReadClinicalNotes(authorities, {
    isTherapist: gate.isCallerTherapistOfClient,
    isSupervisor: gate.isCallerSupervisorOfClient,
    isCustodian: gate.isCallerCustodianOfClient,
  });
}

export function printableTypes(
  gate: ClientGate,
  authorities: readonly string[],
): PrintableRecordType[] {
  const clinical = readsClinical(gate, authorities);
  return PRINTABLE_RECORD_TYPES.filter((type) => clinical || !CLINICAL_TYPES.includes(type));
}

/** The clients whose clinical records (measures among their forms) the caller may print. */
export function clinicalClientIds(
  gates: readonly ClientGate[],
  authorities: readonly string[],
): Set<number> {
  return new Set(gates.filter((g) => readsClinical(g, authorities)).map((g) => g.clientId));
}

/** Refuses (403) a record type the caller may not print for one of the clients. */
export function assertMayPrint(
  gates: readonly ClientGate[],
  authorities: readonly string[],
  recordTypes: readonly PrintableRecordType[],
): void {
  for (const gate of gates) {
    const allowed = printableTypes(gate, authorities);
    if (recordTypes.some((type) => !allowed.includes(type))) {
      throw forbidden(CLINICAL_NOTES_FORBIDDEN);
    }
  }
}
