import { dateAfter, dateBefore, zonedIsoDate } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { bookingAnswer, bookSlot } from './book-service.ts';
import {
  directoryFilters,
  listedTherapist,
  practiceDirectoryOpen,
  searchDirectory,
} from './directory-queries.ts';
import {
  NOT_ACCEPTING_NEW_CLIENTS,
  PRACTICE_DIRECTORY_NOT_FOUND,
  THERAPIST_NOT_FOUND,
} from './messages.ts';
import {
  directoryQuery,
  filtersQuery,
  publicBookBody,
  slotsQuery,
  therapistQuery,
} from './schemas.ts';
import { bookableSlots, defaultService, slotWindow } from './slots.ts';

/** The earliest date of birth a booking accepts. */
const EARLIEST_DOB = '1900-01-01';

/** A date of birth must be a real past day: the spec's dateBefore/dateAfter messages. */
export function checkDob(dob: string, today: string): void {
  for (const rule of [dateBefore(today), dateAfter(EARLIEST_DOB)]) {
    const result = rule(dob);
    if (result !== true) throw badRequest(result, 'dob');
  }
}

/**
 * The public therapist directory and self-booking (spec-1 §2 Public routes:
 * no sign-in). Every call is rate limited per address and answers only what
 * a practice publishes: listed therapists of practices whose directory is on,
 * and free time. Never a client's data, not even whether someone is a client.
 * Booking is a public write: it carries the anonymous CSRF token (bound to a
 * cookie from GET /api/user/csrf) like the portal's link pages.
 */
export const publicBookingRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  // Nothing here reads or writes a client record: a booking leaves a request only.
  const limited = {
    access: 'public' as const,
    audit: 'none' as const,
    rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' },
  };
  // Booking writes rows and sends mail: a tighter limit than reading the directory.
  const bookingLimited = {
    access: 'public' as const,
    audit: 'none' as const,
    rateLimit: {
      max: Math.max(5, Math.floor(options.publicRateLimit / 4)),
      timeWindow: '1 minute',
    },
  };

  const profileOr404 = async (therapistId: number) => {
    const profile = await listedTherapist(app.db, therapistId, app.now());
    if (!profile) throw notFound(THERAPIST_NOT_FOUND);
    return profile;
  };

  app.get(
    '/public/findYourTherapist/filters',
    { config: limited, schema: { querystring: filtersQuery } },
    async (request) => {
      const { practiceId } = request.query;
      if (practiceId !== undefined && !(await practiceDirectoryOpen(app.db, practiceId)))
        throw notFound(PRACTICE_DIRECTORY_NOT_FOUND);
      return { data: await directoryFilters(app.db, practiceId, app.now()) };
    },
  );

  app.get(
    '/public/findYourTherapist/search',
    { config: limited, schema: { querystring: directoryQuery } },
    async (request) => {
      const page = await searchDirectory(app.db, request.query, app.now());
      return { ...page, limit: request.query.limit, offset: request.query.offset };
    },
  );

  app.get(
    '/public/findYourTherapist/therapist',
    { config: limited, schema: { querystring: therapistQuery } },
    async (request) => {
      const profile = await profileOr404(request.query.therapistId);
      const service = await defaultService(app.db, profile.practiceId);
      return { data: { ...profile, defaultDurationMinutes: service.durationMinutes } };
    },
  );

  app.get(
    '/public/findYourTherapist/slots',
    { config: limited, schema: { querystring: slotsQuery } },
    async (request) => {
      const query = request.query;
      const profile = await profileOr404(query.therapistId);
      const { from, to } = slotWindow(query.start, query.end, profile.timezone);
      const durationMinutes =
        query.duration ?? (await defaultService(app.db, profile.practiceId)).durationMinutes;
      const data = profile.acceptingNewClients
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
        acceptingNewClients: profile.acceptingNewClients,
        data,
      };
    },
  );

  app.post(
    '/public/selfSchedule/book',
    { config: bookingLimited, schema: { body: publicBookBody } },
    async (request, reply) => {
      const body = request.body;
      const profile = await profileOr404(body.therapistId);
      if (!profile.acceptingNewClients) throw conflict(NOT_ACCEPTING_NEW_CLIENTS);
      checkDob(body.dob, zonedIsoDate(app.now(), profile.timezone));
      const result = await bookSlot(
        { db: app.db, mailer: app.mailer, now: app.now() },
        {
          profile,
          start: body.start,
          end: body.end,
          duration: body.duration,
          mode: body.mode,
          person: {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            dob: body.dob,
          },
          reason: body.reasonForAppointment,
          idempotencyKey: body.idempotencyKey,
          signedIn: null,
        },
      );
      reply.code(result.replay ? 200 : 201);
      return { data: bookingAnswer(result) };
    },
  );
};
