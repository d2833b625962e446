import { hasRole } from '../roles.ts';

/**
 * Who may read a client's clinical notes (issue 17): the client's therapists, their
 * supervisors, the custodian of the records and managers. Billers, schedulers and front
 * office keep the rest of the record but never read notes; support staff see them only
 * while impersonating someone who may.
 */
export function mayReadClinicalNotes(
  authorities: readonly string[],
  relation: { isTherapist: boolean; isSupervisor: boolean; isCustodian: boolean },
): boolean {
  return (
    relation.isTherapist ||
    relation.isSupervisor ||
    relation.isCustodian ||
    hasRole(authorities, 'manager')
  );
}

export const CLINICAL_NOTES_FORBIDDEN =
  "Only the client's therapists, their supervisors, the records' custodian and managers can read clinical notes.";
