import * as contract from '@openpractice/contracts/availability/editor';
import { currentSpan } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { dayCountsOf, editableTherapists, spansOf, withDays } from './queries.ts';
import { availabilityReach, editableSpan, editableTherapist, practiceToday } from './scope.ts';

/**
 * What the availability editor reads: whose availability the caller may edit, the current
 * span, all spans, one span by id (docs/availability-api.md). Changes are span-routes.ts.
 */
export const editorReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.editorContext.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.editorContext.schema },
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
    contract.currentSpan.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.currentSpan.schema },
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
    contract.spanning.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.spanning.schema },
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
    contract.getSpanById.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.getSpanById.schema },
    async (request) => {
      const { span } = await editableSpan(app.db, request, request.query.span_id);
      return { data: await withDays(app.db, span) };
    },
  );
};
