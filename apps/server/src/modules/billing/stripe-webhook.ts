import * as contract from '@openpractice/contracts/billing/cards';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { rowsOf, type Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { refundPayment } from './ledger-service.ts';
import { processorForWebhook } from './cards-store.ts';
import { STRIPE_NOT_SET_UP, serverStripeConfig, stripeConfigFor } from './processors/index.ts';
import { stripeClient, type StripeConfig } from './processors/stripe.ts';

/**
 * Stripe's webhook (issue 19 item 6). Its own encapsulated plugin, because the signature is
 * over the exact bytes Stripe sent: here, and only here, JSON bodies are kept as a buffer.
 * Events come more than once and out of order: each event id is stored under a unique
 * constraint in the same transaction as its effect (a second delivery finds it and changes
 * nothing), and effects read cumulative or re-fetched state rather than trusting the order.
 *
 * Two addresses: the server's own account (STRIPE_WEBHOOK_SECRET) and one per processor with
 * a practice's own account (its signing secret, sealed). Each touches only the cards and charges
 * of the processors its secret speaks for, so one practice's secret can never sign an event
 * that changes another practice's records.
 */

export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is not valid.',
} as const;

/** Verifies the signature over the raw bytes, then applies the event once. */
async function receive(
  app: FastifyInstance,
  request: FastifyRequest,
  config: StripeConfig | null,
  scope: SQL,
) {
  if (!config?.webhookSecret) throw notFound(STRIPE_NOT_SET_UP);
  const signature = request.headers['stripe-signature'];
  let event: Stripe.Event;
  try {
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error();
    event = stripeClient(config).webhooks.constructEvent(
      request.body,
      signature,
      config.webhookSecret,
    );
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.badSignature);
  }
  const duplicate = await app.db.transaction(async (tx) => {
    const [stored] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into card_processor_events (kind, event_id, type)
          values ('stripe', ${event.id}, ${event.type})
          on conflict (kind, event_id) do nothing returning id`,
    );
    if (!stored) return true;
    await applyEvent(tx, config, scope, event, app.now());
    return false;
  });
  return { received: true, duplicate };
}

export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  // Stripe signs, it has no session: the signature is the permission.
  const config = { access: 'public', csrf: false, audit: 'none' } as const;

  app.post(
    contract.stripeWebhook.path,
    { config, schema: contract.stripeWebhook.schema },
    (request) => receive(app, request, serverStripeConfig(), sql`p.secret_key_sealed is null`),
  );

  app.post(
    contract.stripeProcessorWebhook.path,
    { config, schema: contract.stripeProcessorWebhook.schema },
    async (request) => {
      const { processorId } = request.params as { processorId: number };
      const setting = await processorForWebhook(app.db, processorId);
      if (!setting || setting.secretKeySealed === null) throw notFound(STRIPE_NOT_SET_UP);
      return receive(app, request, stripeConfigFor(setting), sql`p.id = ${processorId}`);
    },
  );
};

async function applyEvent(
  db: Db,
  config: StripeConfig,
  scope: SQL,
  event: Stripe.Event,
  now: Date,
) {
  switch (event.type) {
    case 'charge.refunded':
      return refundedAtStripe(db, scope, event.data.object, event.id, now);
    case 'payment_method.detached':
      await db.execute(sql`update saved_cards c set deleted_at = ${now}, is_default = false
          from card_processors p
          where p.id = c.processor_id and p.kind = 'stripe' and c.card_ref = ${event.data.object.id}
            and c.deleted_at is null and ${scope}`);
      return;
    case 'payment_method.updated':
    case 'payment_method.automatically_updated':
      return cardUpdatedAtStripe(db, config, scope, event.data.object.id);
    default:
      // Kept (so it is not handled twice later) with no effect: nothing of ours depends on it.
      return;
  }
}

/**
 * A refund made at Stripe (the dashboard, a dispute) becomes a ledger refund. amount_refunded
 * is cumulative, so an older event arriving after a newer one adds nothing, and our own
 * refunds (already in refunded_cents) are not counted twice.
 */
async function refundedAtStripe(
  db: Db,
  scope: SQL,
  charge: Stripe.Charge,
  eventId: string,
  now: Date,
) {
  const intentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  const [ours] = await rowsOf<{
    id: number;
    practiceId: number;
    clientId: number;
    paymentId: number;
    refundedCents: number;
  }>(
    db,
    sql`select c.id, c.practice_id as "practiceId", c.client_id as "clientId",
          c.payment_entry_id as "paymentId", c.refunded_cents as "refundedCents"
        from card_charges c join card_processors p on p.id = c.processor_id
        where p.kind = 'stripe' and c.charge_ref = ${intentId} and ${scope}
        for update of c`,
  );
  if (!ours) return;
  const more = charge.amount_refunded - ours.refundedCents;
  if (more <= 0) return;
  const owner = { practiceId: ours.practiceId, clientId: ours.clientId, userId: null };
  await refundPayment(db, owner, {
    paymentId: ours.paymentId,
    amountCents: more,
    notation: 'Refunded at the card processor',
    idempotencyKey: `stripe-event:${eventId}`,
  });
  await db.execute(sql`update card_charges set refunded_cents = ${charge.amount_refunded}
      where id = ${ours.id}`);
  await recordAudit(
    db,
    {
      action: 'billing.card_refunded_at_processor',
      practiceId: ours.practiceId,
      actorUserId: null,
      patientId: ours.clientId,
      detail: { kind: 'change', amountCents: more },
    },
    now,
  );
}

/** Re-fetched, not read from the event: a later update may have arrived first. */
async function cardUpdatedAtStripe(db: Db, config: StripeConfig, scope: SQL, methodId: string) {
  const [ours] = await rowsOf<{ accountRef: string | null }>(
    db,
    sql`select p.account_ref as "accountRef" from saved_cards c
          join card_processors p on p.id = c.processor_id
        where p.kind = 'stripe' and c.card_ref = ${methodId} and c.deleted_at is null
          and ${scope} limit 1`,
  );
  if (!ours) return;
  const method = await stripeClient(config).paymentMethods.retrieve(
    methodId,
    {},
    ours.accountRef ? { stripeAccount: ours.accountRef } : {},
  );
  if (!method.card) return;
  await db.execute(sql`update saved_cards c set exp_month = ${method.card.exp_month},
      exp_year = ${method.card.exp_year}, last4 = ${method.card.last4}, updated_at = now()
      from card_processors p
      where p.id = c.processor_id and p.kind = 'stripe' and c.card_ref = ${methodId}
        and ${scope}`);
}
