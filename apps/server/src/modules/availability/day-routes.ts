import { AVAILABILITY_RULES } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { availabilityTherapist, dayOfPractice } from './queries.ts';
import { createDayBody, dayIdQuery, updateDayBody, updateEmptySpanBody } from './schemas.ts';
import { assertMayEdit, availabilityReach, editableTherapist } from './scope.ts';
import { createDay, deleteDay, fillEmptySpan, updateDay } from './service.ts';
import { editableSpan } from './span-routes.ts';

export const DAY_NOT_FOUND = 'We could not find that availability day.';

/** Weekly days of a span: add (creating an open-ended span when there is none), change, remove, fill an empty span. */
export const dayRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (
    request: FastifyRequest,
    action: `availability.${string}`,
    detail: Record<string, unknown>,
  ) => recordAudit(app.db, { ...auditContext(request), action, detail }, app.now());

  /** A day of the caller's practice they may edit, with its therapist. */
  const editableDay = async (request: FastifyRequest, dayId: number) => {
    const reach = availabilityReach(request);
    const day = await dayOfPractice(app.db, reach.practiceId, dayId);
    if (!day) throw notFound(DAY_NOT_FOUND);
    assertMayEdit(reach, day.therapistId);
    const therapist = await availabilityTherapist(app.db, reach.practiceId, day.therapistId);
    if (!therapist) throw notFound(DAY_NOT_FOUND);
    return { practiceId: reach.practiceId, day, therapist };
  };

  app.post(
    '/availability/createDay',
    { config: { access: 'availability', audit: 'none' }, schema: { body: createDayBody } },
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
      return reply.status(201).send({ data: result });
    },
  );

  app.put(
    '/availability/updateDay',
    { config: { access: 'availability', audit: 'none' }, schema: { body: updateDayBody } },
    async (request) => {
      const { day_id, ...fields } = request.body;
      const { practiceId, day, therapist } = await editableDay(request, day_id);
      const updated = await updateDay(app.db, {
        practiceId,
        therapist,
        existing: day,
        day: fields,
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
    '/availability/deleteDay',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: dayIdQuery } },
    async (request) => {
      const { day, therapist } = await editableDay(request, request.query.day_id);
      await deleteDay(app.db, day.day_id);
      await audit(request, 'availability.day_removed', {
        therapistId: therapist.id,
        spanId: day.availabilitySpanId,
        dayId: day.day_id,
      });
      return { data: { removedDayId: day.day_id, availabilitySpanId: day.availabilitySpanId } };
    },
  );

  app.put(
    '/availability/updateEmptySpanWithDays',
    { config: { access: 'availability', audit: 'none' }, schema: { body: updateEmptySpanBody } },
    async (request) => {
      const { practiceId, span } = await editableSpan(app.db, request, request.body.span_id);
      const { therapist } = await editableTherapist(app.db, request, span.therapistId);
      const filled = await fillEmptySpan(app.db, {
        practiceId,
        therapist,
        span,
        days: request.body.days,
      });
      await audit(request, 'availability.span_filled', {
        therapistId: therapist.id,
        spanId: span.span_id,
        days: filled.days.length,
      });
      return { data: filled };
    },
  );
};
