import { CLINICAL_NOTES_FORBIDDEN, mayReadClinicalNotes } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ClientNeed } from '../../platform/client-gate.ts';
import type { ClientLocator } from '../../platform/route-audit.ts';

/** Clinical notes need more than seeing the client (domain mayReadClinicalNotes). */
export const CLINICAL: ClientNeed = {
  allows: (gate, authorities) =>
    mayReadClinicalNotes(authorities, {
      isTherapist: gate.isCallerTherapistOfClient,
      isSupervisor: gate.isCallerSupervisorOfClient,
      isCustodian: gate.isCallerCustodianOfClient,
    }),
  message: CLINICAL_NOTES_FORBIDDEN,
};

/** A route's client, found from an id in its path or body, gated for clinical access. */
export function clinicalClient(
  find: (db: Db, id: number) => Promise<number[]>,
  from: (request: FastifyRequest) => number,
): ClientLocator & { need: ClientNeed } {
  return { resolve: (db, request) => find(db, from(request)), need: CLINICAL };
}
