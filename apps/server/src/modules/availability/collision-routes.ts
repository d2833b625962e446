import * as contract from '@openpractice/contracts/availability/collisions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { collisionsOf, type ProposedChange } from './collisions.ts';
import { dayOfPractice } from './queries.ts';
import { assertMayEdit, availabilityReach, DAY_NOT_FOUND, editableTherapist } from './scope.ts';

/** The editor shows at most this many colliding appointments; the total counts them all. */
const LISTED = 100;

/**
 * The warning before an availability change that collides with booked
 * appointments (issue 15 item 7): which ones, with what the calendar calls
 * them. It names clients, so the platform writes an audit row listing them.
 */
type Body = z.output<typeof contract.availabilityCollisions.schema.body>;

/** Whose hours the change is to (checked: their own for a therapist-only caller), and what it is. */
async function changeOf(
  db: Db,
  request: FastifyRequest,
  body: Body,
): Promise<{ practiceId: number; therapistId: number; proposed: ProposedChange }> {
  if (body.change === 'dayOff') {
    const { practiceId, therapist } = await editableTherapist(db, request, body.therapistId);
    return {
      practiceId,
      therapistId: therapist.id,
      proposed: { change: 'dayOff', date: body.date },
    };
  }
  const reach = availabilityReach(request);
  const existing = await dayOfPractice(db, reach.practiceId, body.day_id);
  if (!existing) throw notFound(DAY_NOT_FOUND);
  assertMayEdit(reach, existing.therapistId);
  const { dayOfWeek, startTime, endTime } = body.change === 'dayHours' ? body : existing;
  return {
    practiceId: reach.practiceId,
    therapistId: existing.therapistId,
    proposed:
      body.change === 'removeDay'
        ? { change: 'removeDay', existing }
        : { change: 'dayHours', existing, next: { dayOfWeek, startTime, endTime } },
  };
}

export const collisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.availabilityCollisions.path,
    {
      config: {
        access: 'availability',
        audit: { action: 'client.availability_collisions_viewed', kind: 'list' },
      },
      schema: contract.availabilityCollisions.schema,
    },
    async (request) => {
      const body = request.body;
      const { practiceId, therapistId, proposed } = await changeOf(app.db, request, body);
      const { timezone, appointments } = await collisionsOf(
        app.db,
        { practiceId, therapistId, now: app.now() },
        proposed,
      );
      const listed = appointments.slice(0, LISTED);
      noteAudit(request, {
        patientIds: listed.flatMap((a) => a.clientIds),
        detail: { therapistId, change: body.change, appointments: appointments.length },
      });
      return {
        data: {
          timezone,
          appointments: listed.map(({ clientIds: _clients, ...appointment }) => appointment),
          total: appointments.length,
        },
      };
    },
  );
};
