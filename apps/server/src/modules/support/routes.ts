import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supportTickets } from '../../db/schema/index.ts';

const ticketBody = z.object({
  subject: z.string().trim().min(1, 'This is required.').max(200),
  message: z.string().trim().min(1, 'This is required.').max(5000),
  pageUrl: z.string().max(2000),
  errorMessage: z.string().max(5000).optional(),
});

/** 'Report the Issue': anyone who hits an error can send it to support, signed in or not. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/tickets',
    {
      config: { access: 'public', audit: 'none', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: ticketBody },
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
      return reply.status(201).send({ id: ticket?.id ?? 0 });
    },
  );
};
