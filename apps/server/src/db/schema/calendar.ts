import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { locations, practices, products } from './practices.ts';
import { therapists, users } from './users.ts';

export const CALENDAR_EVENT_KINDS = ['appointment', 'meeting', 'out_of_office', 'holiday'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** A weekly series of appointments created together (spec-1 §3 occurrences). */
export const calendarSeries = pgTable(
  'calendar_series',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull().default('weekly'),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [
    check('calendar_series_rule', sql`${t.rule} in ('weekly')`),
    check('calendar_series_occurrences', sql`${t.occurrences} between 1 and 52`),
  ],
);

/**
 * One item on a therapist's calendar. Overlaps of live appointments, meetings
 * and out-of-office blocks are refused by the EXCLUDE constraint
 * `calendar_events_no_overlap` (custom migration), unless double booking was allowed.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    type: text('type').$type<CalendarEventKind>().notNull(),
    name: text('name').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    isTelehealth: boolean('is_telehealth').notNull().default(false),
    telehealthPos: text('telehealth_pos'),
    seriesId: integer('series_id').references(() => calendarSeries.id, { onDelete: 'set null' }),
    allowDoubleBooking: boolean('allow_double_booking').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    cancelReason: text('cancel_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_therapist_start_idx').on(t.practiceId, t.therapistId, t.startAt),
    index('calendar_events_series_idx').on(t.seriesId),
    index('calendar_events_window_idx').using(
      'gist',
      sql`${t.therapistId}`,
      sql`tstzrange(${t.startAt}, ${t.endAt})`,
    ),
    check(
      'calendar_events_type',
      sql`${t.type} in ('appointment', 'meeting', 'out_of_office', 'holiday')`,
    ),
    check('calendar_events_ends_after_start', sql`${t.endAt} > ${t.startAt}`),
    check(
      'calendar_events_telehealth_pos',
      sql`${t.telehealthPos} is null or ${t.telehealthPos} in ('02', '10', '11')`,
    ),
  ],
);

/** Who an appointment is for, and what happened: attended unknown (null), true or false. */
export const calendarEventAttendees = pgTable(
  'calendar_event_attendees',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    attended: boolean('attended'),
    noShow: boolean('no_show').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    accountInvoiceId: integer('account_invoice_id'),
  },
  (t) => [
    index('calendar_event_attendees_event_idx').on(t.eventId),
    index('calendar_event_attendees_client_idx').on(t.clientId, t.eventId),
  ],
);

/** A therapist's availability for a range of days; null bounds are open. */
export const availabilitySpans = pgTable(
  'availability_spans',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    spanFrom: date('span_from'),
    spanTo: date('span_to'),
  },
  (t) => [index('availability_spans_therapist_idx').on(t.practiceId, t.therapistId)],
);

/** One weekly block of a span: day_of_week SUN 0 ... SAT 6, times in the practice's time zone. */
export const availabilityDays = pgTable(
  'availability_days',
  {
    id: serial('id').primaryKey(),
    spanId: integer('span_id')
      .notNull()
      .references(() => availabilitySpans.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    onlineScheduling: boolean('online_scheduling').notNull().default(false),
    scheduleEvery: integer('schedule_every').notNull().default(60),
    inPersonEnabled: boolean('in_person_enabled').notNull().default(true),
    teletherapyEnabled: boolean('teletherapy_enabled').notNull().default(false),
  },
  (t) => [
    index('availability_days_span_idx').on(t.spanId),
    check('availability_days_day_of_week', sql`${t.dayOfWeek} between 0 and 6`),
    check('availability_days_times', sql`${t.endTime} > ${t.startTime}`),
    check('availability_days_schedule_every', sql`${t.scheduleEvery} > 0`),
  ],
);
