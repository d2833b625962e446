import { MERGE_CONFIRM_MESSAGE, MERGE_CONFIRM_PHRASE } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditClientRecord } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { gateClient } from '../../platform/client-gate.ts';
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
    { config: { access: 'practiceStaff' }, schema: { body: mergeBody } },
    async (request) => {
      const { sourceId, targetId, confirmPhrase } = request.body;
      if (confirmPhrase !== MERGE_CONFIRM_PHRASE)
        throw badRequest(MERGE_CONFIRM_MESSAGE, 'confirmPhrase');
      const source = await gateClient(app.db, request, sourceId, 'hasRecordAdministration');
      const target = await gateClient(app.db, request, targetId, 'hasRecordAdministration');
      const moved = await mergeClients(app.db, {
        practiceId: source.practiceId,
        sourceId: source.clientId,
        targetId: target.clientId,
        now: app.now(),
      });
      const detail = { sourceId, targetId, moved };
      await auditClientRecord(app.db, request, {
        action: 'client.merged',
        patientId: sourceId,
        detail: { ...detail, role: 'duplicate' },
      });
      await auditClientRecord(app.db, request, {
        action: 'client.merged',
        patientId: targetId,
        detail: { ...detail, role: 'kept' },
      });
      return { sourceId, targetId, moved };
    },
  );
};
