import * as contract from '@openpractice/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportTickets } from '../../db/schema/index.ts';

/** 'Report the Issue': anyone who hits an error can send it to support, signed in or not. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.createSupportTicket.path,
    {
      config: { access: 'public', audit: 'none', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: contract.createSupportTicket.schema,
    },
    async (request, reply) => {
      const [ticket] = await app.db
        .insert(supportTickets)
        .values({
          ...request.body,
          errorMessage: request.body.errorMessage ?? null,
          practiceId: request.auth?.practiceId ?? null,
          userId: request.auth?.realUser.id ?? null,
        })
        .returning({ id: supportTickets.id });
      reply.status(201);
      return { id: ticket?.id ?? 0 };
    },
  );
};
