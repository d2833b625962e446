import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, practiceScope } from '../../platform/access.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import type { LedgerOwner, PaymentStanding } from './ledger-service.ts';
import { readClientLedger } from './ledger-view.ts';
import { emailPaymentReceipt, type ReceiptStatus } from './receipts.ts';

/** A payment's answer: the payment and where it leaves the client (contract paymentStanding). */
export function paymentStandingAnswer(
  owner: LedgerOwner,
  recorded: { paymentId: number; standing: PaymentStanding },
) {
  return { patientId: owner.clientId, paymentId: recorded.paymentId, ...recorded.standing };
}

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

/**
 * The receipt a payment asked for, sent once: a repeated submission (the same key) answers
 * the payment already recorded and sends nothing again. The audit row of the payment names
 * the payment and what became of its receipt, as the statement route names its email.
 */
export async function paymentReceipt(
  app: FastifyInstance,
  request: FastifyRequest,
  recorded: { paymentId: number; repeated: boolean },
  asked: boolean,
  /** The payer's record: the gated client's on staff routes, the caller's own in the portal. */
  owner: LedgerOwner = ownerOf(request),
): Promise<{ status: ReceiptStatus } | null> {
  noteAudit(request, { detail: { paymentId: recorded.paymentId } });
  if (!asked || recorded.repeated) return null;
  const status = await emailPaymentReceipt(
    { db: app.db, mailer: app.mailer, publicUrl: app.publicUrl },
    owner,
    recorded.paymentId,
  );
  noteAudit(request, { detail: { receipt: status } });
  return { status };
}
