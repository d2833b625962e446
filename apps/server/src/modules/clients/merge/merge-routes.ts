import * as contract from '@openpractice/contracts/clients/merge';
import { MERGE_CONFIRM_MESSAGE, MERGE_CONFIRM_PHRASE } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { mergeClients } from './merge-service.ts';

type MergeBody = z.output<typeof contract.mergeClients.schema.body>;

/**
 * Merge a duplicate client into the record to keep (spec-2 §2 /client/merge/{id}).
 * Both records must be of the caller's practice and the caller must hold
 * record administration on both (the client gate).
 */
export const mergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.mergeClients.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.merged',
          // Both records are gated; the one audit row names both.
          client: {
            resolve: async (_db, request) => {
              const body = request.body as MergeBody;
              return [body.sourceId, body.targetId];
            },
            need: 'hasRecordAdministration',
          },
        },
      },
      schema: contract.mergeClients.schema,
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
