import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarEvents } from './calendar.ts';
import { clients, practiceInsurances } from './clients.ts';
import { practices } from './practices.ts';
import { therapists, users } from './users.ts';

/** Payers a therapist accepts, shown in the public directory ("insurance accepted"). */
export const therapistAcceptedInsurances = pgTable(
  'therapist_accepted_insurances',
  {
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    practiceInsuranceId: integer('practice_insurance_id')
      .notNull()
      .references(() => practiceInsurances.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('therapist_accepted_insurances_pk').on(t.therapistId, t.practiceInsuranceId)],
);

export const SELF_BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED'] as const;
export type SelfBookingStatus = (typeof SELF_BOOKING_STATUSES)[number];

/**
 * Who a confirmed booking turned out to be for, as staff decided it: a new
 * client made from the request, an existing client they chose, or the
 * signed-in client's own record.
 */
export const CLIENT_CHOICES = ['new', 'existing', 'portal'] as const;
export type ClientChoice = (typeof CLIENT_CHOICES)[number];

/**
 * An online booking by a visitor or a signed-in client. Its appointment
 * (calendar_event_id) holds the slot from the moment it is made, so the
 * calendar's no-overlap constraint decides races; a declined request deletes
 * it. A visitor's details live here, never as a client: `client_id` stays
 * empty (and the appointment has no attendee) until staff confirm the
 * request as a new or an existing client, so a request never creates access
 * to a record.
 */
export const selfBookingRequests = pgTable(
  'self_booking_requests',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    calendarEventId: integer('calendar_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    /** Set when staff confirm (or at booking, for a signed-in client's own record). */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientChoice: text('client_choice').$type<ClientChoice>(),
    /** The signed-in client's user when booked through /selfSchedule. */
    bookedByUserId: integer('booked_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    dob: date('dob').notNull(),
    reasonForAppointment: text('reason_for_appointment').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    isTelehealth: boolean('is_telehealth').notNull().default(false),
    status: text('status').$type<SelfBookingStatus>().notNull(),
    /** Sent by the browser once per booking attempt so a double submission books once. */
    idempotencyKey: text('idempotency_key').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('self_booking_requests_idempotency_idx').on(t.practiceId, t.idempotencyKey),
    index('self_booking_requests_status_idx').on(t.practiceId, t.status, t.startAt),
    check('self_booking_requests_status', sql`${t.status} in ('PENDING', 'CONFIRMED', 'DECLINED')`),
    check(
      'self_booking_requests_client_choice',
      sql`${t.clientChoice} is null or ${t.clientChoice} in ('new', 'existing', 'portal')`,
    ),
  ],
);
