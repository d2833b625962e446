import * as contract from '@openpractice/contracts/availability/exceptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { refuseUnconfirmedCollisions } from './collisions.ts';
import { exceptionOfPractice, exceptionsOf } from './queries.ts';
import { assertMayEdit, availabilityReach, editableTherapist, practiceToday } from './scope.ts';
import { addException, deleteException } from './service.ts';

export const EXCEPTION_NOT_FOUND = 'We could not find that date exception.';

/** Date exceptions: a day off, or extra hours on one date (docs/availability-api.md). */
export const exceptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listExceptions.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.listExceptions.schema },
    async (request) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.query.therapistId,
      );
      const today = await practiceToday(app.db, practiceId, app.now());
      const exceptions = await exceptionsOf(app.db, {
        practiceId,
        therapistId: therapist.id,
        from: request.query.includePast === 'true' ? null : today,
      });
      return { data: { therapistId: therapist.id, today, exceptions } };
    },
  );

  app.post(
    contract.addException.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.addException.schema },
    async (request, reply) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.body.therapistId,
      );
      const today = await practiceToday(app.db, practiceId, app.now());
      const { confirmCollisions, ...exception } = request.body;
      const scope = { practiceId, therapistId: therapist.id, now: app.now() };
      const created = await addException(app.db, {
        practiceId,
        therapist,
        today,
        exception,
        // A day off over booked appointments waits for the person to confirm (issue 15 item 7).
        beforeWrite:
          exception.kind === 'off'
            ? (tx) =>
                refuseUnconfirmedCollisions(
                  tx,
                  { ...scope, confirmed: confirmCollisions },
                  { change: 'dayOff', date: exception.date },
                )
            : undefined,
      });
      await recordAudit(
        app.db,
        {
          ...auditContext(request),
          action: 'availability.exception_added',
          detail: {
            therapistId: therapist.id,
            exceptionId: created.exception_id,
            date: created.date,
            kind: created.kind,
          },
        },
        app.now(),
      );
      reply.status(201);
      return { data: created };
    },
  );

  app.delete(
    contract.deleteException.path,
    { config: { access: 'availability', audit: 'none' }, schema: contract.deleteException.schema },
    async (request) => {
      const reach = availabilityReach(request);
      const exception = await exceptionOfPractice(
        app.db,
        reach.practiceId,
        request.query.exception_id,
      );
      if (!exception) throw notFound(EXCEPTION_NOT_FOUND);
      assertMayEdit(reach, exception.therapistId);
      await deleteException(app.db, exception.exception_id);
      await recordAudit(
        app.db,
        {
          ...auditContext(request),
          action: 'availability.exception_removed',
          detail: {
            therapistId: exception.therapistId,
            exceptionId: exception.exception_id,
            date: exception.date,
            kind: exception.kind,
          },
        },
        app.now(),
      );
      return { data: { removedExceptionId: exception.exception_id } };
    },
  );
};
