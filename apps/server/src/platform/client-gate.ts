import { clientAccess, type PatientAccess } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/index.ts';
import { authOf, practiceScope } from './access.ts';
import { forbidden, notFound } from './errors.ts';

export const CLIENT_NOT_FOUND = 'We could not find that client.';
/** A record-level refusal, told apart from a route's 'Permission denied' (spec-1 §6). */
export const CLIENT_FORBIDDEN =
  "You do not have access to this client's record. Ask the client's therapist or a manager.";

/** What a route needs beyond seeing the client: an access flag, or a rule with its own message. */
export type ClientNeed =
  | Exclude<keyof PatientAccess, 'canView'>
  | { allows: (gate: ClientGate, authorities: readonly string[]) => boolean; message: string };

export type ClientGate = {
  clientId: number;
  practiceId: number;
  access: PatientAccess;
  isCallerTherapistOfClient: boolean;
};

/**
 * The one check before any read or change of a client's record: the client
 * must belong to the caller's practice (else 404, so ids of other practices
 * reveal nothing), the caller must be allowed to see it, and to hold `need`.
 */
export async function gateClient(
  db: Db,
  request: FastifyRequest,
  clientId: number,
  need?: ClientNeed,
): Promise<ClientGate> {
  const practiceId = practiceScope(request);
  const userId = authOf(request).user.id;
  const [row] = await db
    .select({
      id: clients.id,
      isTherapist: sql<boolean>`exists (select 1 from client_therapists ct join therapists t on t.id = ct.therapist_id where ct.client_id = ${clientId} and t.user_id = ${userId})`,
      isSupervisor: sql<boolean>`exists (select 1 from client_therapists ct join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id join therapists sup on sup.id = s.supervisor_therapist_id where ct.client_id = ${clientId} and sup.user_id = ${userId})`,
      isCustodian: sql<boolean>`exists (select 1 from custodian_records cr where cr.client_id = ${clientId} and cr.custodian_user_id = ${userId})`,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, practiceId)));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  const access = clientAccess(authOf(request).user.authorities, {
    isTherapist: row.isTherapist,
    isSupervisor: row.isSupervisor,
    isCustodian: row.isCustodian,
  });
  const gate: ClientGate = {
    clientId: row.id,
    practiceId,
    access,
    isCallerTherapistOfClient: row.isTherapist,
  };
  if (!access.canView) throw forbidden(CLIENT_FORBIDDEN);
  if (typeof need === 'string' && !access[need]) throw forbidden(CLIENT_FORBIDDEN);
  if (typeof need === 'object' && !need.allows(gate, authOf(request).user.authorities)) {
    throw forbidden(need.message);
  }
  return gate;
}
