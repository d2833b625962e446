import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, practiceScope } from '../../platform/access.ts';
import { gateOf } from '../../platform/route-audit.ts';
import type { LedgerOwner } from './ledger-service.ts';
import { readClientLedger } from './ledger-view.ts';

/** The gated client of the request, and who writes for them. */
export function ownerOf(request: FastifyRequest): LedgerOwner {
  return {
    practiceId: practiceScope(request),
    clientId: gateOf(request).clientId,
    userId: authOf(request).realUser.id,
  };
}

/** A ledger route's client: the path's patient, with the access its action needs. */
export const ledgerClient = (need: 'hasBillingAccess' | 'hasPaymentAccess') =>
  ({ params: 'patientId', need }) as const;

/** Every ledger call answers the ledger as it now stands: what the server derived. */
export const ledgerAnswer = (app: FastifyInstance) => async (request: FastifyRequest) => ({
  data: await readClientLedger(app.db, practiceScope(request), gateOf(request).clientId, app.now()),
});
