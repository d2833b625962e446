import * as booking from '@openpractice/contracts/booking/self-booking';
import { dateAfter, dateBefore, zonedIsoDate } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict } from '../../platform/errors.ts';
import { bookingAnswer, bookSlot } from './book-service.ts';
import { NOT_ACCEPTING_NEW_CLIENTS } from './messages.ts';
import { listedProfileOr404, publicBookingConfig, publicReadConfig } from './public-access.ts';
import { slotsPage } from './slots.ts';

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
 * Public self-booking (spec-1 §2 Public routes: no sign-in): a listed therapist's free time
 * and booking it. Every call is rate limited per address and answers free time only, never
 * a client's data, not even whether someone is a client. Booking is a public write: it
 * carries the anonymous CSRF token (bound to a cookie from GET /api/user/csrf) like the
 * portal's link pages. The directory itself is directory-routes.ts.
 */
export const publicBookingRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  app.get(
    booking.publicSlots.path,
    { config: publicReadConfig(options.publicRateLimit), schema: booking.publicSlots.schema },
    async (request) => {
      const query = request.query;
      const profile = await listedProfileOr404(app.db, query.therapistId, app.now());
      const bookable = profile.acceptingNewClients;
      return slotsPage(app.db, { profile, query, bookable, now: app.now() });
    },
  );

  app.post(
    booking.publicBook.path,
    { config: publicBookingConfig(options.publicRateLimit), schema: booking.publicBook.schema },
    async (request, reply) => {
      const body = request.body;
      const profile = await listedProfileOr404(app.db, body.therapistId, app.now());
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
