import { DEFAULT_TELEHEALTH_POS } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  selfBookingRequests,
  type SelfBookingStatus,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { Mailer, MailStatus } from '../../platform/mail.ts';
import { isOverlapViolation } from '../calendar/service.ts';
import { firstOverlap } from '../calendar/queries.ts';
import { findOrCreateClient, linkTherapist, type BookingPerson } from './client-match.ts';
import type { DirectoryLocation, TherapistProfile } from './directory-queries.ts';
import { confirmedEmail, requestReceivedEmail } from './emails.ts';
import {
  IDEMPOTENCY_KEY_REUSED,
  SLOT_JUST_TAKEN,
  SLOT_NOT_OPEN,
  TELEHEALTH_NOT_OFFERED,
} from './messages.ts';
import type { BookingMode } from './schemas.ts';
import { bookableSlots, defaultService } from './slots.ts';

/** 409 naming `start`: the browser looks the open times up again. */
const slotGone = (message: string) => new AppError(409, message, 'start');

/** Serialises attempts that carry the same booking key, so a double submission books once. */
const IDEMPOTENCY_LOCK = 727300;

export type BookingInput = {
  profile: TherapistProfile;
  start: string;
  end?: string | undefined;
  duration?: number | undefined;
  mode: BookingMode;
  person: BookingPerson;
  reason: string;
  idempotencyKey: string;
  /** A signed-in client books for their own record; a visitor is matched or added. */
  signedIn: { clientId: number; userId: number } | null;
};

/** What a booking answers: the appointment's facts, never a client record. */
export type BookingResult = {
  requestId: number;
  status: SelfBookingStatus;
  practiceName: string;
  therapistName: string;
  start: string;
  end: string;
  isTelehealth: boolean;
  location: DirectoryLocation | null;
  timezone: string;
  confirmationEmail: MailStatus | null;
};

/** What the booker is told: the appointment's facts, without the practice's request id. */
export function bookingAnswer(result: BookingResult): Omit<BookingResult, 'requestId'> {
  return {
    status: result.status,
    practiceName: result.practiceName,
    therapistName: result.therapistName,
    start: result.start,
    end: result.end,
    isTelehealth: result.isTelehealth,
    location: result.location,
    timezone: result.timezone,
    confirmationEmail: result.confirmationEmail,
  };
}

type Written = {
  requestId: number;
  eventId: number | null;
  clientId: number | null;
  status: SelfBookingStatus;
  start: string;
  end: string;
  isTelehealth: boolean;
  locationId: number | null;
  created: boolean;
  replay: boolean;
};

/** How long the booking is: its end, a length, or the practice's default service. */
function lengthOf(input: BookingInput, serviceMinutes: number): number {
  if (input.end !== undefined) {
    const minutes = (Date.parse(input.end) - Date.parse(input.start)) / 60_000;
    if (!Number.isInteger(minutes) || minutes < 15 || minutes > 180)
      throw badRequest('The appointment must last from 15 minutes to 3 hours.', 'end');
    return minutes;
  }
  return input.duration ?? serviceMinutes;
}

/**
 * Books an open online slot, in one transaction: the same booking key
 * returns the first result; the slot is checked to be open now; the client
 * is found or added; the appointment (awaiting confirmation in request mode)
 * and the request are written. The calendar's no-overlap constraint decides
 * between two visitors racing for one slot: the loser gets 409.
 */
export async function bookSlot(
  deps: { db: Db; mailer: Mailer; now: Date; request: FastifyRequest },
  input: BookingInput,
): Promise<BookingResult & { replay: boolean }> {
  const { db, now } = deps;
  const { profile } = input;
  if (input.mode === 'telehealth' && !profile.telehealth)
    throw badRequest(TELEHEALTH_NOT_OFFERED, 'mode');
  const service = await defaultService(db, profile.practiceId);
  const minutes = lengthOf(input, service.durationMinutes);
  const start = new Date(input.start);
  const end = new Date(start.getTime() + minutes * 60_000);
  const [settings] = await rowsOf<{ mode: 'instant' | 'request' }>(
    db,
    sql`select self_booking_mode as mode from practice_settings where practice_id = ${profile.practiceId}`,
  );
  const status: SelfBookingStatus = settings?.mode === 'instant' ? 'CONFIRMED' : 'PENDING';

  let written: Written;
  try {
    written = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${`${profile.practiceId}:${input.idempotencyKey}`}::text))`,
      );
      const prior = await priorAttempt(tx, profile.practiceId, input.idempotencyKey);
      if (prior) {
        const same =
          prior.therapistId === profile.therapistId &&
          prior.start === start.toISOString() &&
          prior.email.toLowerCase() === input.person.email.toLowerCase();
        if (!same) throw conflict(IDEMPOTENCY_KEY_REUSED);
        return { ...prior, created: false, replay: true };
      }

      const slots = await bookableSlots(tx, {
        profile,
        from: start,
        to: end,
        mode: input.mode,
        durationMinutes: minutes,
        now,
      });
      const slot = slots.find((s) => s.start === start.toISOString());
      if (!slot) {
        const taken = await firstOverlap(tx, {
          practiceId: profile.practiceId,
          therapistId: profile.therapistId,
          ranges: [{ startAt: start.toISOString(), endAt: end.toISOString() }],
        });
        throw slotGone(taken ? SLOT_JUST_TAKEN : SLOT_NOT_OPEN);
      }

      let clientId: number;
      let created = false;
      if (input.signedIn) {
        clientId = input.signedIn.clientId;
        await linkTherapist(tx, clientId, profile.therapistId);
      } else {
        const found = await findOrCreateClient(tx, {
          practiceId: profile.practiceId,
          therapistId: profile.therapistId,
          person: input.person,
          reason: input.reason,
          now,
        });
        clientId = found.clientId;
        created = found.created;
      }

      const telehealth = input.mode === 'telehealth';
      const locationId = telehealth ? null : (slot.location?.id ?? null);
      const [event] = await tx
        .insert(calendarEvents)
        .values({
          practiceId: profile.practiceId,
          therapistId: profile.therapistId,
          type: 'appointment',
          name: '',
          startAt: start,
          endAt: end,
          locationId,
          isTelehealth: telehealth,
          telehealthPos: telehealth ? DEFAULT_TELEHEALTH_POS : null,
          awaitingConfirmation: status === 'PENDING',
          createdByUserId: input.signedIn?.userId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: calendarEvents.id });
      if (!event) throw new Error('calendar event insert failed');
      await tx
        .insert(calendarEventAttendees)
        .values({ eventId: event.id, clientId, productId: service.productId });
      const [row] = await tx
        .insert(selfBookingRequests)
        .values({
          practiceId: profile.practiceId,
          therapistId: profile.therapistId,
          calendarEventId: event.id,
          clientId,
          bookedByUserId: input.signedIn?.userId ?? null,
          firstName: input.person.firstName,
          lastName: input.person.lastName,
          email: input.person.email,
          phone: input.person.phone,
          dob: input.person.dob,
          reasonForAppointment: input.reason,
          startAt: start,
          endAt: end,
          isTelehealth: telehealth,
          status,
          idempotencyKey: input.idempotencyKey,
          decidedAt: status === 'CONFIRMED' ? now : null,
          createdAt: now,
        })
        .returning({ id: selfBookingRequests.id });
      if (!row) throw new Error('booking request insert failed');
      return {
        requestId: row.id,
        eventId: event.id,
        clientId,
        status,
        start: start.toISOString(),
        end: end.toISOString(),
        isTelehealth: telehealth,
        locationId,
        created,
        replay: false,
      };
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw slotGone(SLOT_JUST_TAKEN);
    throw error;
  }

  const location =
    written.locationId === null
      ? null
      : (profile.locations.find((l) => l.id === written.locationId) ?? null);
  const result = {
    requestId: written.requestId,
    status: written.status,
    practiceName: profile.practiceName,
    therapistName: profile.displayName,
    start: written.start,
    end: written.end,
    isTelehealth: written.isTelehealth,
    location,
    timezone: profile.timezone,
    confirmationEmail: null as MailStatus | null,
    replay: written.replay,
  };
  if (written.replay) return result;

  await recordAudit(
    db,
    {
      action: 'client.self_booked',
      practiceId: profile.practiceId,
      actorUserId: input.signedIn?.userId ?? null,
      patientId: written.clientId,
      detail: {
        requestId: written.requestId,
        eventId: written.eventId,
        therapistId: profile.therapistId,
        start: written.start,
        telehealth: written.isTelehealth,
        status: written.status,
        clientCreated: written.created,
        via: input.signedIn ? 'portal' : 'public',
      },
      ip: deps.request.ip,
      requestId: deps.request.id,
    },
    now,
  );
  const facts = {
    name: input.person.firstName,
    practiceName: profile.practiceName,
    therapistName: profile.displayName,
    start: written.start,
    timezone: profile.timezone,
    isTelehealth: written.isTelehealth,
    location,
  };
  const mail = await deps.mailer.sendMail(db, {
    practiceId: profile.practiceId,
    clientId: written.clientId,
    to: input.person.email,
    ...(written.status === 'CONFIRMED' ? confirmedEmail(facts) : requestReceivedEmail(facts)),
  });
  return { ...result, confirmationEmail: mail.status };
}

type Prior = Omit<Written, 'created' | 'replay'> & { therapistId: number; email: string };

/** The booking already made with this key, with what its answer needs. */
async function priorAttempt(tx: Db, practiceId: number, key: string): Promise<Prior | undefined> {
  const [row] = await tx
    .select({
      requestId: selfBookingRequests.id,
      eventId: selfBookingRequests.calendarEventId,
      clientId: selfBookingRequests.clientId,
      therapistId: selfBookingRequests.therapistId,
      email: selfBookingRequests.email,
      status: selfBookingRequests.status,
      startAt: selfBookingRequests.startAt,
      endAt: selfBookingRequests.endAt,
      isTelehealth: selfBookingRequests.isTelehealth,
      locationId: calendarEvents.locationId,
    })
    .from(selfBookingRequests)
    .leftJoin(calendarEvents, eq(calendarEvents.id, selfBookingRequests.calendarEventId))
    .where(
      and(
        eq(selfBookingRequests.practiceId, practiceId),
        eq(selfBookingRequests.idempotencyKey, key),
      ),
    );
  if (!row) return undefined;
  return {
    requestId: row.requestId,
    eventId: row.eventId,
    clientId: row.clientId,
    therapistId: row.therapistId,
    email: row.email,
    status: row.status,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    isTelehealth: row.isTelehealth,
    locationId: row.locationId,
  };
}
