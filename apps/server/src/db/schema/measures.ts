import type { MeasureFrequency, MeasureKey } from '@openpractice/domain';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarEventAttendees } from './calendar.ts';
import { clients } from './clients.ts';
import { therapists, users } from './users.ts';
import { formResponses } from './form-responses.ts';
import { practices } from './practices.ts';

/**
 * Measurement-based care (issue 18 item 6): each submitted PHQ-9 or GAD-7 scored on the
 * server, the alerts an item-9 answer raises, and how often each client is given a measure.
 */
export const measureScores = pgTable(
  'measure_scores',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    measure: text('measure').$type<MeasureKey>().notNull(),
    /** Every item answered; an incomplete response has no total (never prorated). */
    complete: boolean('complete').notNull(),
    total: integer('total'),
    severity: text('severity'),
    answered: integer('answered').notNull(),
    selfHarmAlert: boolean('self_harm_alert').notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('measure_scores_response_idx').on(t.responseId),
    index('measure_scores_client_idx').on(t.clientId, t.measure, t.scoredAt),
  ],
);

/** A non-zero PHQ-9 item 9, for the client's therapist's dashboard until acknowledged. */
export const measureAlerts = pgTable(
  'measure_alerts',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scoreId: integer('score_id')
      .notNull()
      .references(() => measureScores.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => therapists.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'phq9_item9'>().notNull().default('phq9_item9'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The email that told the therapist (outbound_emails), without clinical detail. */
    emailId: integer('email_id'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedByUserId: integer('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('measure_alerts_therapist_idx').on(t.therapistId, t.acknowledgedAt, t.createdAt)],
);

export const measureSchedules = pgTable(
  'measure_schedules',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    measure: text('measure').$type<MeasureKey>().notNull(),
    frequency: text('frequency').$type<MeasureFrequency>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Appointments counted since the schedule began (every other: given on the even ones). */
    appointmentsSeen: integer('appointments_seen').notNull().default(0),
    timesGiven: integer('times_given').notNull().default(0),
    /** The appointment attendee last counted, so a repeated check-in counts once. */
    lastAttendeeId: integer('last_attendee_id').references(() => calendarEventAttendees.id, {
      onDelete: 'set null',
    }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('measure_schedules_client_idx').on(t.clientId, t.measure)],
);
