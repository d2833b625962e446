import { MERGE_CONFIRM_MESSAGE, MERGE_CONFIRM_PHRASE } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { mergeClients } from './merge-service.ts';
import { bodyId } from './profile-schemas.ts';

export const mergeBody = z.object({
  /** The duplicate: it gives up everything and is marked Deleted. */
  sourceId: bodyId,
  /** The record to keep. */
  targetId: bodyId,
  /** Must be exactly MERGE. */
  confirmPhrase: z.string().max(40).default(''),
});

/**
 * Merge a duplicate client into the record to keep (spec-2 §2 /client/merge/{id}).
 * Both records must be of the caller's practice and the caller must hold
 * record administration on both (the client gate).
 */
export const mergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/patient/mergeClients',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.merged',
          // Both records are gated; the one audit row names both.
          client: {
            resolve: async (_db, request) => {
              const body = request.body as z.infer<typeof mergeBody>;
              return [body.sourceId, body.targetId];
            },
            need: 'hasRecordAdministration',
          },
        },
      },
      schema: { body: mergeBody },
    },
    async (request) => {
      const { sourceId, targetId, confirmPhrase } = request.body;
      if (confirmPhrase !== MERGE_CONFIRM_PHRASE)
        throw badRequest(MERGE_CONFIRM_MESSAGE, 'confirmPhrase');
      // Both were gated (record administration) before the handler ran.
      const moved = await mergeClients(app.db, {
        practiceId: gateOf(request).practiceId,
        sourceId,
        targetId,
        now: app.now(),
      });
      noteAudit(request, { detail: { sourceId, targetId, moved } });
      return { sourceId, targetId, moved };
    },
  );
};
