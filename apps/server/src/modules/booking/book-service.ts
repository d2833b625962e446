import type { BookingMode } from '@openpractice/contracts/booking/self-booking';
import { DEFAULT_TELEHEALTH_POS } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  selfBookingRequests,
  type SelfBookingStatus,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { Mailer, MailStatus } from '../../platform/mail.ts';
import { isOverlapViolation } from '../calendar/index.ts';
import { firstOverlap } from '../calendar/index.ts';
import { isLinked, type BookingPerson } from './client-match.ts';
import type { DirectoryLocation, TherapistProfile } from './directory-queries.ts';
import { confirmedEmail, requestReceivedEmail } from './emails.ts';
import {
  IDEMPOTENCY_KEY_REUSED,
  SLOT_JUST_TAKEN,
  SLOT_NOT_OPEN,
  TELEHEALTH_NOT_OFFERED,
} from './messages.ts';
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
  /** A signed-in client books for their own record; a visitor's details stay on the request. */
  signedIn: { clientId: number; userId: number } | null;
};

/** What a booking answers: the appointment's facts, never a client record. */
export type BookingResult = {
  requestId: number;
  /** For the route's audit row, never for the booker. */
  eventId: number | null;
  clientId: number | null;
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

/** What the booker is told: the appointment's facts, without the practice's ids. */
export function bookingAnswer(
  result: BookingResult,
): Omit<BookingResult, 'requestId' | 'eventId' | 'clientId'> {
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
  replay: boolean;
};

/** The held appointment's title until staff say whose it is (the calendar shows no client). */
export const HELD_REQUEST_NAME = 'Online booking request';

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
 * returns the first result; the slot is checked to be open now; the
 * appointment holding it and the request are written. The calendar's
 * no-overlap constraint decides between two visitors racing for one slot:
 * the loser gets 409.
 *
 * A booking never creates access to a client's record (issue 13): a
 * visitor's details stay on the request, with no client and no attendee,
 * until staff confirm it as a new or an existing client. A signed-in client
 * books for their own record; the appointment is theirs at once only with a
 * therapist they already have, and only then may the practice's instant mode
 * confirm it. With a new therapist it waits for staff, whatever the mode.
 */
export async function bookSlot(
  deps: { db: Db; mailer: Mailer; now: Date },
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
  const ownTherapist =
    input.signedIn !== null && (await isLinked(db, input.signedIn.clientId, profile.therapistId));
  // The instant setting stands for the staff's decision only where nothing new is decided.
  const status: SelfBookingStatus =
    settings?.mode === 'instant' && ownTherapist ? 'CONFIRMED' : 'PENDING';
  const attendee = ownTherapist ? (input.signedIn?.clientId ?? null) : null;
  const plan: BookingPlan = {
    input,
    start,
    end,
    minutes,
    status,
    attendee,
    productId: service.productId,
    now,
  };

  let written: Written;
  try {
    written = await db.transaction(async (tx) => {
      const prior = await replayedAttempt(tx, plan);
      if (prior) return prior;
      const slot = await openSlot(tx, plan);
      return writeBooking(tx, plan, slot.location?.id ?? null);
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
    eventId: written.eventId,
    clientId: written.clientId,
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
  const mail = await emailBooker(deps, input, written, location);
  return { ...result, confirmationEmail: mail.status };
}

/** A booking worked out before its transaction: when, how long, its state and its attendee. */
type BookingPlan = {
  input: BookingInput;
  start: Date;
  end: Date;
  minutes: number;
  status: SelfBookingStatus;
  /** The signed-in client whose appointment it is at once, or null while staff decide. */
  attendee: number | null;
  productId: number | null;
  now: Date;
};

/**
 * Inside the booking's transaction: the booking already made with the same key, answered
 * again (409 when the key comes back with another slot or person), or undefined.
 */
async function replayedAttempt(tx: Db, plan: BookingPlan): Promise<Written | undefined> {
  const { profile, idempotencyKey, person } = plan.input;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${`${profile.practiceId}:${idempotencyKey}`}::text))`,
  );
  const prior = await priorAttempt(tx, profile.practiceId, idempotencyKey);
  if (!prior) return undefined;
  const same =
    prior.therapistId === profile.therapistId &&
    prior.start === plan.start.toISOString() &&
    prior.email.toLowerCase() === person.email.toLowerCase();
  if (!same) throw conflict(IDEMPOTENCY_KEY_REUSED);
  return { ...prior, replay: true };
}

/** The slot, checked to be open now; 409 telling a just-taken slot from one never open. */
async function openSlot(tx: Db, plan: BookingPlan) {
  const { profile, mode } = plan.input;
  const { start, end } = plan;
  const slots = await bookableSlots(tx, {
    profile,
    from: start,
    to: end,
    mode,
    durationMinutes: plan.minutes,
    now: plan.now,
  });
  const slot = slots.find((s) => s.start === start.toISOString());
  if (slot) return slot;
  const taken = await firstOverlap(tx, {
    practiceId: profile.practiceId,
    therapistId: profile.therapistId,
    ranges: [{ startAt: start.toISOString(), endAt: end.toISOString() }],
  });
  throw slotGone(taken ? SLOT_JUST_TAKEN : SLOT_NOT_OPEN);
}

/** Writes the appointment holding the slot, its attendee when it has one, and the request. */
async function writeBooking(
  tx: Db,
  plan: BookingPlan,
  slotLocationId: number | null,
): Promise<Written> {
  const { input, start, end, status, attendee, now } = plan;
  const { profile } = input;
  const telehealth = input.mode === 'telehealth';
  const locationId = telehealth ? null : slotLocationId;
  const [event] = await tx
    .insert(calendarEvents)
    .values({
      practiceId: profile.practiceId,
      therapistId: profile.therapistId,
      type: 'appointment',
      name: attendee === null ? HELD_REQUEST_NAME : '',
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
  if (attendee !== null)
    await tx
      .insert(calendarEventAttendees)
      .values({ eventId: event.id, clientId: attendee, productId: plan.productId });
  const [row] = await tx
    .insert(selfBookingRequests)
    .values({
      practiceId: profile.practiceId,
      therapistId: profile.therapistId,
      calendarEventId: event.id,
      clientId: input.signedIn?.clientId ?? null,
      clientChoice: input.signedIn ? 'portal' : null,
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
    clientId: input.signedIn?.clientId ?? null,
    status,
    start: start.toISOString(),
    end: end.toISOString(),
    isTelehealth: telehealth,
    locationId,
    replay: false,
  };
}

/** Tells the booker the appointment is confirmed, or that the practice has the request. */
function emailBooker(
  deps: { db: Db; mailer: Mailer },
  input: BookingInput,
  written: Written,
  location: DirectoryLocation | null,
) {
  const { profile } = input;
  const facts = {
    name: input.person.firstName,
    practiceName: profile.practiceName,
    therapistName: profile.displayName,
    start: written.start,
    timezone: profile.timezone,
    isTelehealth: written.isTelehealth,
    location,
  };
  return deps.mailer.sendMail(deps.db, {
    practiceId: profile.practiceId,
    clientId: written.clientId,
    to: input.person.email,
    ...(written.status === 'CONFIRMED' ? confirmedEmail(facts) : requestReceivedEmail(facts)),
  });
}

type Prior = Omit<Written, 'replay'> & { therapistId: number; email: string };

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
