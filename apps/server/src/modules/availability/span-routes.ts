import { currentSpan } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { practiceTimezone } from '../calendar/queries.ts';
import {
  dayCountsOf,
  editableTherapists,
  spanOfPractice,
  spansOf,
  withDays,
  type SpanRow,
} from './queries.ts';
import {
  addSpanBody,
  removeSpanBody,
  spanIdQuery,
  startOverQuery,
  therapistQuery,
  updateSpanBody,
} from './schemas.ts';
import { assertMayEdit, availabilityReach, editableTherapist, practiceToday } from './scope.ts';
import { addSpan, removeSpan, startOver, updateSpan } from './service.ts';

export const SPAN_NOT_FOUND = 'We could not find that availability span.';

/** A span of the caller's practice that they may edit (404 for another practice's, 403 for someone else's). */
export async function editableSpan(
  db: Db,
  request: FastifyRequest,
  spanId: number,
): Promise<{ practiceId: number; span: SpanRow }> {
  const reach = availabilityReach(request);
  const span = await spanOfPractice(db, reach.practiceId, spanId);
  if (!span) throw notFound(SPAN_NOT_FOUND);
  assertMayEdit(reach, span.therapistId);
  return { practiceId: reach.practiceId, span };
}

/** Spans: the current one, all of them, one by id; add, change, remove; start over (docs/availability-api.md). */
export const spanRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (
    request: FastifyRequest,
    action: `availability.${string}`,
    detail: Record<string, unknown>,
  ) => recordAudit(app.db, { ...auditContext(request), action, detail }, app.now());

  app.get(
    '/availability/editorContext',
    { config: { access: 'availability', audit: 'none' } },
    async (request) => {
      const reach = availabilityReach(request);
      const [therapists, timezone] = await Promise.all([
        editableTherapists(app.db, reach.practiceId, reach.only),
        practiceTimezone(app.db, reach.practiceId),
      ]);
      return {
        data: {
          therapists,
          reach: reach.only === null ? ('practice' as const) : ('own' as const),
          currentTherapistId: reach.ownTherapistId,
          timezone,
          today: await practiceToday(app.db, reach.practiceId, app.now()),
        },
      };
    },
  );

  app.get(
    '/availability/span',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: therapistQuery } },
    async (request) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.query.therapistId,
      );
      const today = await practiceToday(app.db, practiceId, app.now());
      const current = currentSpan(await spansOf(app.db, practiceId, therapist.id), today);
      return {
        data: {
          therapistId: therapist.id,
          today,
          span: current ? await withDays(app.db, current) : null,
        },
      };
    },
  );

  app.get(
    '/availability/spanning',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: therapistQuery } },
    async (request) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.query.therapistId,
      );
      const [spans, counts, today] = await Promise.all([
        spansOf(app.db, practiceId, therapist.id),
        dayCountsOf(app.db, practiceId, therapist.id),
        practiceToday(app.db, practiceId, app.now()),
      ]);
      return {
        data: {
          therapistId: therapist.id,
          today,
          currentSpanId: currentSpan(spans, today)?.span_id ?? null,
          spans: spans.map((s) => ({ ...s, dayCount: counts.get(s.span_id) ?? 0 })),
        },
      };
    },
  );

  app.get(
    '/availability/getSpanById',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: spanIdQuery } },
    async (request) => {
      const { span } = await editableSpan(app.db, request, request.query.span_id);
      return { data: await withDays(app.db, span) };
    },
  );

  app.post(
    '/availability/addSpan',
    { config: { access: 'availability', audit: 'none' }, schema: { body: addSpanBody } },
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
      return reply.status(201).send({ data: span });
    },
  );

  app.post(
    '/availability/updateSpan',
    { config: { access: 'availability', audit: 'none' }, schema: { body: updateSpanBody } },
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
    '/availability/removeSpan',
    { config: { access: 'availability', audit: 'none' }, schema: { body: removeSpanBody } },
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
    '/availability/startOver',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: startOverQuery } },
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
