import * as contract from '@openpractice/contracts/availability/editor';
import { AVAILABILITY_RULES } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors.ts';
import { availabilityAudit } from './audit.ts';
import { refuseUnconfirmedCollisions } from './collisions.ts';
import { editableDay, editableSpan, editableTherapist } from './scope.ts';
import { createDay, deleteDay, updateDay } from './service.ts';

/**
 * One weekly day of a span: add (creating an open-ended span when there is none), change,
 * remove. Filling an empty span with several days at once is span-fill-routes.ts.
 */
export const dayRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = availabilityAudit(app);

  app.post(
    contract.createDay.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.createDay.schema },
    async (request, reply) => {
      const { therapistId, availabilitySpanId, ...day } = request.body;
      let span = null;
      let resolvedTherapistId = therapistId;
      if (availabilitySpanId !== undefined && availabilitySpanId !== null) {
        span = (await editableSpan(app.db, request, availabilitySpanId)).span;
        if (therapistId !== undefined && therapistId !== span.therapistId) {
          throw badRequest(AVAILABILITY_RULES.chooseSpan, 'availabilitySpanId');
        }
        resolvedTherapistId = span.therapistId;
      }
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        resolvedTherapistId,
      );
      const result = await createDay(app.db, { practiceId, therapist, span, day });
      await audit(request, 'availability.day_added', {
        therapistId: therapist.id,
        spanId: result.span.span_id,
        dayId: result.day.day_id,
        createdSpan: result.createdSpan,
      });
      reply.status(201);
      return { data: result };
    },
  );

  app.put(
    contract.updateDay.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.updateDay.schema },
    async (request) => {
      const { day_id, confirmCollisions, ...fields } = request.body;
      const { practiceId, day, therapist } = await editableDay(app.db, request, day_id);
      const scope = { practiceId, therapistId: therapist.id, now: app.now() };
      const updated = await updateDay(app.db, {
        practiceId,
        therapist,
        existing: day,
        day: fields,
        beforeWrite: (tx) =>
          refuseUnconfirmedCollisions(
            tx,
            { ...scope, confirmed: confirmCollisions },
            { change: 'dayHours', existing: day, next: fields },
          ),
      });
      await audit(request, 'availability.day_updated', {
        therapistId: therapist.id,
        spanId: day.availabilitySpanId,
        dayId: day.day_id,
      });
      return { data: updated };
    },
  );

  app.delete(
    contract.deleteDay.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.deleteDay.schema },
    async (request) => {
      const { practiceId, day, therapist } = await editableDay(
        app.db,
        request,
        request.query.day_id,
      );
      await refuseUnconfirmedCollisions(
        app.db,
        {
          practiceId,
          therapistId: therapist.id,
          now: app.now(),
          confirmed: request.query.confirmCollisions === 'true',
        },
        { change: 'removeDay', existing: day },
      );
      await deleteDay(app.db, day.day_id);
      await audit(request, 'availability.day_removed', {
        therapistId: therapist.id,
        spanId: day.availabilitySpanId,
        dayId: day.day_id,
      });
      return { data: { removedDayId: day.day_id, availabilitySpanId: day.availabilitySpanId } };
    },
  );
};
