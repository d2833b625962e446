import * as contract from '@openpractice/contracts/availability/editor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAudit } from './audit.ts';
import { editableSpan, editableTherapist, practiceToday } from './scope.ts';
import { addSpan, removeSpan, startOver, updateSpan } from './service.ts';

/**
 * Changing spans: add, change, remove one; start over (remove them all) (docs/availability-api.md).
 * Reading them is editor-read-routes.ts.
 */
export const spanRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = availabilityAudit(app);

  app.post(
    contract.addSpan.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.addSpan.schema },
    async (request, reply) => {
      const body = request.body;
      const { practiceId, therapist } = await editableTherapist(app.db, request, body.therapistId);
      const span = await addSpan(app.db, {
        practiceId,
        therapistId: therapist.id,
        span_from: body.span_from,
        span_to: body.span_to,
      });
      await audit(request, 'availability.span_added', {
        therapistId: therapist.id,
        spanId: span.span_id,
        span_from: span.span_from,
        span_to: span.span_to,
      });
      reply.status(201);
      return { data: span };
    },
  );

  app.post(
    contract.updateSpan.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.updateSpan.schema },
    async (request) => {
      const body = request.body;
      const { practiceId, span } = await editableSpan(app.db, request, body.span_id);
      const updated = await updateSpan(app.db, {
        practiceId,
        span,
        span_from: body.span_from,
        span_to: body.span_to,
      });
      await audit(request, 'availability.span_updated', {
        therapistId: span.therapistId,
        spanId: span.span_id,
        span_from: updated.span_from,
        span_to: updated.span_to,
      });
      return { data: updated };
    },
  );

  app.post(
    contract.removeSpan.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.removeSpan.schema },
    async (request) => {
      const { practiceId, span } = await editableSpan(app.db, request, request.body.span_id);
      const today = await practiceToday(app.db, practiceId, app.now());
      const result = await removeSpan(app.db, { practiceId, span, today });
      await audit(request, 'availability.span_removed', {
        therapistId: span.therapistId,
        spanId: span.span_id,
      });
      return { data: result };
    },
  );

  app.delete(
    contract.startOver.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.startOver.schema },
    async (request) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.query.therapistId,
      );
      const result = await startOver(app.db, { practiceId, therapistId: therapist.id });
      await audit(request, 'availability.started_over', { therapistId: therapist.id, ...result });
      return { data: result };
    },
  );
};
