import { CARD_COMPLIANCE_QUESTIONNAIRE, CARD_COMPLIANCE_QUESTIONS } from '@openpractice/domain';
import * as contract from '@openpractice/contracts/billing/processor-setup';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { CARD_SERVICE_MESSAGES } from './cards-service.ts';
import { processorById } from './cards-store.ts';
import { processorAnswer } from './processor-answer.ts';
import { complianceHistory, connectStripe, saveCompliance } from './processor-setup.ts';

/**
 * The set-up page's Stripe account and its compliance page (issue 19 item 6). Connecting an
 * account is the owner's alone (whose bank account the practice's card money goes to), never
 * support staff acting as them; so is attesting the card-security answers, which PCI DSS asks
 * of an officer of the merchant. Billing staff may read the answers. Every change is audited,
 * never with a secret in it.
 */
export const processorSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const setupContext = (request: FastifyRequest) => ({
    practiceId: practiceScope(request),
    userId: authOf(request).realUser.id,
    now: app.now(),
    key: app.auditKey,
  });
  const answerFor = async (practiceId: number, processorId: number) => {
    const saved = await processorById(app.db, practiceId, processorId);
    if (!saved) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
    return processorAnswer(saved, app.publicUrl);
  };

  app.post(
    contract.connectStripe.path,
    {
      config: {
        access: 'owner',
        audit: { action: 'practice.card_processor_connected' },
        notWhileImpersonating: true,
        // Each try is a call to Stripe: no one guesses keys through us.
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: contract.connectStripe.schema,
    },
    async (request) => {
      const ctx = setupContext(request);
      const { processorId, detail } = await connectStripe(app.db, ctx, request.body);
      noteAudit(request, { detail });
      return { data: await answerFor(ctx.practiceId, processorId) };
    },
  );

  app.get(
    contract.getProcessorCompliance.path,
    {
      config: { access: 'billing', audit: 'none' },
      schema: contract.getProcessorCompliance.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { processorId } = request.query;
      const processor = await answerFor(practiceId, processorId);
      const history = await complianceHistory(app.db, practiceId, processorId);
      return {
        data: {
          processor,
          questionnaire: CARD_COMPLIANCE_QUESTIONNAIRE,
          questions: [...CARD_COMPLIANCE_QUESTIONS],
          current: history[0] ?? null,
          history,
        },
      };
    },
  );

  app.post(
    contract.saveProcessorCompliance.path,
    {
      config: {
        access: 'owner',
        audit: {
          action: 'practice.card_compliance_answered',
          detail: (request) => {
            const body = request.body as { processorId: number; answers: object };
            return { processorId: body.processorId, answers: body.answers };
          },
        },
        notWhileImpersonating: true,
      },
      schema: contract.saveProcessorCompliance.schema,
    },
    async (request) => ({
      data: await saveCompliance(app.db, setupContext(request), request.body),
    }),
  );
};
