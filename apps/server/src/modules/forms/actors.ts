import { mayReadClinicalNotes } from '@openpractice/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, practiceScope } from '../../platform/access.ts';
import type { ClientNeed } from '../../platform/client-gate.ts';
import { forbidden } from '../../platform/errors.ts';
import { gateOf } from '../../platform/route-audit.ts';
import type { FormActor } from './response-service.ts';

/** Who acts on a form, from the request: staff through the client gate, a client as themself. */

export const MEASURES_FORBIDDEN =
  "Only the client's therapists, their supervisors, the records' custodian and managers can see measure answers and scores.";

/** Measures are clinical: more than seeing the client (as for clinical notes). */
export const CLINICAL_MEASURES: ClientNeed = {
  allows: (gate, authorities) =>
    mayReadClinicalNotes(authorities, {
      isTherapist: gate.isCallerTherapistOfClient,
      isSupervisor: gate.isCallerSupervisorOfClient,
      isCustodian: gate.isCallerCustodianOfClient,
    }),
  message: MEASURES_FORBIDDEN,
};

/** A measure's answers need clinical access; other forms need what the route's gate asked. */
export function requireClinicalFor(request: FastifyRequest, measure: string | null): void {
  if (measure === null) return;
  const need = CLINICAL_MEASURES as Extract<ClientNeed, { allows: unknown }>;
  if (!need.allows(gateOf(request), authOf(request).user.authorities))
    throw forbidden(MEASURES_FORBIDDEN);
}

export function formActor(
  app: FastifyInstance,
  request: FastifyRequest,
  role: 'client' | 'staff',
  ownClient?: number,
): FormActor {
  const agent = request.headers['user-agent'];
  return {
    practiceId: practiceScope(request),
    userId: authOf(request).user.id,
    role,
    now: app.now(),
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent : null,
    ...(ownClient !== undefined ? { ownClientId: ownClient } : {}),
    mailer: app.mailer,
    publicUrl: app.publicUrl,
    storage: app.storage.adapter,
  };
}
