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
 * not. The patient chart also needs charting's rule for reading clinical notes (the client's
 * therapists, their supervisors, the custodian, managers): a biller or scheduler may print
 * appointments but not notes.
 */
export const PRINT_CLIENT_NEED = 'hasDemographicAccess';

export function printableTypes(
  gate: ClientGate,
  authorities: readonly string[],
): PrintableRecordType[] {
  const readsNotes = mayReadClinicalNotes(authorities, {
    isTherapist: gate.isCallerTherapistOfClient,
    isSupervisor: gate.isCallerSupervisorOfClient,
    isCustodian: gate.isCallerCustodianOfClient,
  });
  return PRINTABLE_RECORD_TYPES.filter((type) => type !== 'patient_chart' || readsNotes);
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
