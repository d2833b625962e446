import * as contract from '@openpractice/contracts/booking/self-booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { authOf, practiceScope } from '../../platform/access.ts';
import { conflict } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { bookingAnswer, bookSlot } from './book-service.ts';
import { therapistsForClient } from './directory-queries.ts';
import { NO_DOB_ON_RECORD, NO_EMAIL_ON_RECORD, NOT_ACCEPTING_NEW_CLIENTS } from './messages.ts';
import { ownRecord, therapistForClient, type OwnRecord } from './own-record.ts';
import { defaultService, slotsPage } from './slots.ts';

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

  const therapistFor = (request: FastifyRequest, record: OwnRecord, therapistId: number) =>
    therapistForClient(app.db, {
      practiceId: practiceScope(request),
      record,
      therapistId,
      now: app.now(),
    });

  app.get(
    contract.clientTherapists.path,
    { config: patient, schema: contract.clientTherapists.schema },
    async (request) => {
      const record = await ownRecord(app.db, request);
      const data = await therapistsForClient(app.db, {
        practiceId: practiceScope(request),
        clientId: record.clientId,
        now: app.now(),
      });
      const service = await defaultService(app.db, practiceScope(request));
      return { data, defaultDurationMinutes: service.durationMinutes };
    },
  );

  app.get(
    contract.clientSlots.path,
    { config: patient, schema: contract.clientSlots.schema },
    async (request) => {
      const query = request.query;
      const record = await ownRecord(app.db, request);
      const profile = await therapistFor(request, record, query.therapistId);
      // Their own therapist always; another only while they take new clients.
      const bookable = profile.isMyTherapist || profile.acceptingNewClients;
      return slotsPage(app.db, { profile, query, bookable, now: app.now() });
    },
  );

  app.post(
    contract.clientBook.path,
    {
      config: {
        access: 'patient',
        // The client gate is for staff; a client books for their own record, named below.
        audit: { action: 'client.self_booked', kind: 'change' },
      },
      schema: contract.clientBook.schema,
    },
    async (request, reply) => {
      const body = request.body;
      const record = await ownRecord(app.db, request);
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
