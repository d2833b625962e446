import * as contract from '@openpractice/contracts/billing/cards';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { payByCard, refundToCard } from './cards-charge.ts';
import {
  createCustomerCard,
  deleteCard,
  saveProcessor,
  startCardSetup,
  tokeniseOnLocalProcessor,
  updateCard,
} from './cards-service.ts';
import { cardsOf, processorById, processorsOf, toSavedCard } from './cards-store.ts';
import {
  ledgerAnswer,
  ledgerClient,
  ownerOf,
  paymentReceipt,
  paymentStandingAnswer,
} from './ledger-request.ts';
import { localTokenAnswer, processorAnswer } from './processor-answer.ts';

/**
 * Saved cards, card processors and paying by card (issue 19 items 5 and 6; spec-2 §7 Cards).
 * Cards are payment data: the payment role and the client's payment access, as the ledger's
 * payment routes. A card or processor of another practice is not found (404) and nothing changes.
 */

const cardClient = (where: 'body' | 'query') =>
  where === 'body'
    ? ({ body: 'patientId', need: 'hasPaymentAccess' } as const)
    : ({ query: 'patientId', need: 'hasPaymentAccess' } as const);

export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cardsAnswer = async (request: FastifyRequest) => {
    const owner = ownerOf(request);
    const cards = await cardsOf(app.db, owner.practiceId, owner.clientId);
    return { data: cards.map((c) => toSavedCard(c, app.now())) };
  };

  app.get(
    contract.listCards.path,
    {
      config: {
        access: 'payment',
        audit: { action: 'billing.cards_viewed', client: cardClient('query') },
      },
      schema: contract.listCards.schema,
    },
    cardsAnswer,
  );

  app.post(
    contract.saveCard.path,
    {
      config: {
        access: 'payment',
        audit: { action: 'billing.card_saved', client: cardClient('body') },
      },
      schema: contract.saveCard.schema,
    },
    async (request) => {
      await updateCard(app.db, ownerOf(request), request.body, app.now);
      return cardsAnswer(request);
    },
  );

  app.post(
    contract.deletePatientCard.path,
    {
      config: {
        access: 'payment',
        audit: { action: 'billing.card_deleted', client: cardClient('body') },
      },
      schema: contract.deletePatientCard.schema,
    },
    async (request) => {
      await deleteCard(app.db, ownerOf(request), request.body.cardId, app.now);
      return cardsAnswer(request);
    },
  );

  app.post(
    contract.startCardSetup.path,
    {
      config: {
        access: 'payment',
        audit: { action: 'billing.card_setup_started', client: cardClient('body') },
      },
      schema: contract.startCardSetup.schema,
    },
    async (request) => ({
      data: await startCardSetup(app.db, ownerOf(request), request.body.processorId, app.now),
    }),
  );

  app.post(
    contract.createCustomerCard.path,
    {
      config: {
        access: 'payment',
        audit: {
          action: 'billing.card_added',
          client: cardClient('body'),
          detail: (request) => ({
            processorId: (request.body as { processorId: number }).processorId,
          }),
        },
      },
      schema: contract.createCustomerCard.schema,
    },
    async (request) => {
      await createCustomerCard(app.db, ownerOf(request), request.body, app.now);
      return cardsAnswer(request);
    },
  );
};

/** The practice's processors: which are offered for a client, and setting one up. */
export const processorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listProcessors.path,
    {
      config: {
        access: 'payment',
        audit: {
          action: 'billing.card_processors_viewed',
          client: { ...cardClient('query'), optional: true },
        },
      },
      schema: contract.listProcessors.schema,
    },
    async (request) => {
      const clientId = request.clientGates[0]?.clientId;
      const settings = await processorsOf(app.db, practiceScope(request), clientId);
      return { data: settings.map((setting) => processorAnswer(setting, app.publicUrl)) };
    },
  );

  app.post(
    contract.saveProcessor.path,
    {
      config: { access: 'manager', audit: { action: 'practice.card_processor_saved' } },
      schema: contract.saveProcessor.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const processorId = await saveProcessor(app.db, practiceId, request.body);
      const saved = await processorById(app.db, practiceId, processorId);
      if (!saved) throw new Error('the processor just saved is missing');
      return { data: processorAnswer(saved, app.publicUrl) };
    },
  );
};

/** Entering a card on the local processor, paying by card and refunding to the card. */
export const cardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // No client yet: the token is the processor's, like a card typed into a hosted field.
  app.post(
    contract.localCardToken.path,
    { config: { access: 'payment', audit: 'none' }, schema: contract.localCardToken.schema },
    async (request) => {
      const facts = await tokeniseOnLocalProcessor(
        app.db,
        practiceScope(request),
        request.body,
        app.now(),
      );
      return { data: localTokenAnswer(facts) };
    },
  );

  const answer = ledgerAnswer(app);

  app.post(
    contract.payByCard.path,
    {
      config: {
        access: 'payment',
        audit: {
          action: 'billing.card_payment_recorded',
          client: ledgerClient('hasPaymentAccess'),
          detail: (request) => ({
            saved: (request.body as { cardId?: number }).cardId !== undefined,
            allocations: (request.body as { allocations: unknown[] }).allocations.length,
          }),
        },
      },
      schema: contract.payByCard.schema,
    },
    async (request) => {
      const owner = ownerOf(request);
      const recorded = await payByCard(app.db, owner, request.body, app.now);
      // Only once the card was charged: a decline threw above and nothing was sent.
      const receipt = await paymentReceipt(app, request, recorded, request.body.emailReceipt);
      return { data: paymentStandingAnswer(owner, recorded), receipt };
    },
  );

  app.post(
    contract.refundToCard.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.card_refunded', client: ledgerClient('hasBillingAccess') },
      },
      schema: contract.refundToCard.schema,
    },
    async (request) => {
      await refundToCard(
        app.db,
        ownerOf(request),
        { paymentId: request.params.paymentId, ...request.body },
        app.now,
      );
      return answer(request);
    },
  );
};
