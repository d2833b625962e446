import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { rowsOf } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { bookingAnswer, bookSlot } from './book-service.ts';
import { therapistsForClient } from './directory-queries.ts';
import {
  NO_CLIENT_RECORD,
  NO_DOB_ON_RECORD,
  NO_EMAIL_ON_RECORD,
  NOT_ACCEPTING_NEW_CLIENTS,
  THERAPIST_NOT_FOUND,
} from './messages.ts';
import { clientBookBody, slotsQuery } from './schemas.ts';
import { bookableSlots, defaultService, slotWindow } from './slots.ts';

type OwnRecord = {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * `/n/selfSchedule` for a signed-in client (role 'patient'): the same slot
 * browser and booking as the public page, for the client's own record, so
 * no personal details are asked. Their own therapists are offered whether
 * listed or not; other listed therapists when they take new clients. A
 * booking with a therapist they do not have yet waits for staff and links
 * nothing until then (see book-service.ts).
 */
export const clientBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The client's own choices of therapist and time: no record is read or changed.
  const patient = { access: 'patient' as const, audit: 'none' as const };

  /** The client record the signed-in portal user is, in the practice they act in. */
  async function ownRecord(request: FastifyRequest): Promise<OwnRecord> {
    const practiceId = practiceScope(request);
    const [row] = await rowsOf<OwnRecord>(
      app.db,
      sql`select c.id as "clientId", c.first_name as "firstName", c.last_name as "lastName", c.dob::text as dob,
            coalesce((select e.email from client_emails e where e.client_id = c.id
                      order by e.is_default desc, e.id limit 1), u.email) as email,
            (select p.number from client_phones p where p.client_id = c.id
              order by p.is_default desc, p.id limit 1) as phone
          from clients c join users u on u.id = c.portal_user_id
          where c.portal_user_id = ${authOf(request).user.id} and c.practice_id = ${practiceId}
            and c.merged_into_id is null
          order by c.id limit 1`,
    );
    if (!row) throw forbidden(NO_CLIENT_RECORD);
    return row;
  }

  async function therapistFor(request: FastifyRequest, record: OwnRecord, therapistId: number) {
    const list = await therapistsForClient(app.db, {
      practiceId: practiceScope(request),
      clientId: record.clientId,
      now: app.now(),
    });
    const found = list.find((t) => t.therapistId === therapistId);
    if (!found) throw notFound(THERAPIST_NOT_FOUND);
    return found;
  }

  app.get('/selfSchedule/therapists', { config: patient }, async (request) => {
    const record = await ownRecord(request);
    const data = await therapistsForClient(app.db, {
      practiceId: practiceScope(request),
      clientId: record.clientId,
      now: app.now(),
    });
    const service = await defaultService(app.db, practiceScope(request));
    return { data, defaultDurationMinutes: service.durationMinutes };
  });

  app.get(
    '/selfSchedule/slots',
    { config: patient, schema: { querystring: slotsQuery } },
    async (request) => {
      const query = request.query;
      const record = await ownRecord(request);
      const profile = await therapistFor(request, record, query.therapistId);
      const { from, to } = slotWindow(query.start, query.end, profile.timezone);
      const durationMinutes =
        query.duration ?? (await defaultService(app.db, profile.practiceId)).durationMinutes;
      const bookable = profile.isMyTherapist || profile.acceptingNewClients;
      const data = bookable
        ? await bookableSlots(app.db, {
            profile,
            from,
            to,
            mode: query.mode,
            durationMinutes,
            now: app.now(),
          })
        : [];
      return {
        therapistId: profile.therapistId,
        timezone: profile.timezone,
        durationMinutes,
        start: from.toISOString(),
        end: to.toISOString(),
        acceptingNewClients: bookable,
        data,
      };
    },
  );

  app.post(
    '/selfSchedule/book',
    {
      config: {
        access: 'patient',
        // The client gate is for staff; a client books for their own record, named below.
        audit: { action: 'client.self_booked', kind: 'change' },
      },
      schema: { body: clientBookBody },
    },
    async (request, reply) => {
      const body = request.body;
      const record = await ownRecord(request);
      const profile = await therapistFor(request, record, body.therapistId);
      if (!profile.isMyTherapist && !profile.acceptingNewClients)
        throw conflict(NOT_ACCEPTING_NEW_CLIENTS);
      if (!record.dob) throw conflict(NO_DOB_ON_RECORD);
      if (!record.email) throw conflict(NO_EMAIL_ON_RECORD);
      const result = await bookSlot(
        { db: app.db, mailer: app.mailer, now: app.now() },
        {
          profile,
          start: body.start,
          end: body.end,
          duration: body.duration,
          mode: body.mode,
          person: {
            firstName: record.firstName,
            lastName: record.lastName,
            email: record.email,
            phone: record.phone ?? '',
            dob: record.dob,
          },
          reason: body.reasonForAppointment?.trim() ?? '',
          idempotencyKey: body.idempotencyKey,
          signedIn: { clientId: record.clientId, userId: authOf(request).user.id },
        },
      );
      noteAudit(request, {
        patientIds: [record.clientId],
        detail: {
          requestId: result.requestId,
          eventId: result.eventId,
          therapistId: profile.therapistId,
          start: result.start,
          telehealth: result.isTelehealth,
          status: result.status,
          via: 'portal',
          replay: result.replay,
        },
      });
      reply.code(result.replay ? 200 : 201);
      return { data: bookingAnswer(result) };
    },
  );
};
