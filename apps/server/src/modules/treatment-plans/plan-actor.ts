import { CLINICAL_NOTES_FORBIDDEN, mayReadClinicalNotes } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import type { ClientNeed } from '../../platform/client-gate.ts';
import type { ClientLocator } from '../../platform/route-audit.ts';

/**
 * Who acts on a plan. Services take this rather than a request, so the demo seed writes
 * its plans through the same rules as the pages.
 */
export type PlanActor = {
  practiceId: number;
  userId: number;
  /** The actor's therapist record in the practice, when they are a therapist. */
  therapistId: number | null;
  authorities: readonly string[];
  /** The name signatures and comments carry: the professional name when set. */
  name: string;
  /** Where a signature came from (kept with it). */
  ip: string | null;
  userAgent: string | null;
};

export function actorOf(request: FastifyRequest): PlanActor {
  const auth = authOf(request);
  const user = auth.user;
  const agent = request.headers['user-agent'];
  return {
    practiceId: practiceScope(request),
    userId: user.id,
    therapistId: auth.therapistId,
    authorities: user.authorities,
    name: user.professionalName.trim() || `${user.firstName} ${user.lastName}`.trim(),
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 400) : null,
  };
}

/**
 * A treatment plan is clinical: read by whoever may read the client's notes (the client's
 * therapists, their supervisors, the records' custodian and managers; domain rule).
 */
export const CLINICAL: ClientNeed = {
  allows: (gate, authorities) =>
    mayReadClinicalNotes(authorities, {
      isTherapist: gate.isCallerTherapistOfClient,
      isSupervisor: gate.isCallerSupervisorOfClient,
      isCustodian: gate.isCallerCustodianOfClient,
    }),
  message: CLINICAL_NOTES_FORBIDDEN,
};

/** A route's client, found from the plan id in its path, gated for clinical access. */
export function planClient(
  find: (db: Db, planId: number) => Promise<number[]>,
): ClientLocator & { need: ClientNeed } {
  return {
    resolve: (db, request) => find(db, (request.params as { planId: number }).planId),
    need: CLINICAL,
  };
}
