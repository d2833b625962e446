import * as contract from '@openpractice/contracts/availability/editor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAudit } from './audit.ts';
import { editableSpan, editableTherapist } from './scope.ts';
import { fillEmptySpan } from './service.ts';

/**
 * Fills a span that has no days yet with several days in one call: how the editor copies
 * another span's weekly hours (one day at a time is day-routes.ts).
 */
export const spanFillRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = availabilityAudit(app);

  app.put(
    contract.updateEmptySpanWithDays.path,
    {
      config: { access: 'availability', audit: 'none' },
      schema: contract.updateEmptySpanWithDays.schema,
    },
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
