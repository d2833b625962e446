import { sql } from 'drizzle-orm';
import {
  bigint,
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
    /** 1 = every week, 2 = every other week. */
    intervalWeeks: smallint('interval_weeks').notNull().default(1),
    /** How many events were booked (from a count, or from the until date). */
    occurrences: integer('occurrences').notNull(),
    /** The last day the series may run to, when it was booked "until a date". */
    untilDate: date('until_date'),
  },
  (t) => [
    check('calendar_series_rule', sql`${t.rule} in ('weekly')`),
    check('calendar_series_interval', sql`${t.intervalWeeks} in (1, 2)`),
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
    /** For a group appointment: the group (a client row with isGroup); attendees are its members. */
    groupClientId: integer('group_client_id').references(() => clients.id, {
      onDelete: 'set null',
    }),
    allowDoubleBooking: boolean('allow_double_booking').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    cancelReason: text('cancel_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Booked online and not yet confirmed by staff: it holds the slot meanwhile. */
    awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_therapist_start_idx').on(t.practiceId, t.therapistId, t.startAt),
    index('calendar_events_series_idx').on(t.seriesId),
    index('calendar_events_group_start_idx')
      .on(t.groupClientId, t.startAt, t.id)
      .where(sql`${t.groupClientId} is not null`),
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
    /**
     * A copy of the event's start, so a client's appointments page by date through one index
     * (migration 0026). Set and kept true by triggers: never write it (the default is never seen).
     */
    eventStartAt: timestamp('event_start_at', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    index('calendar_event_attendees_event_idx').on(t.eventId),
    index('calendar_event_attendees_client_idx').on(t.clientId, t.eventId),
    index('calendar_event_attendees_client_start_idx').on(t.clientId, t.eventStartAt, t.eventId),
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

/**
 * A date exception to a therapist's weekly availability: 'off' (no availability that day)
 * or 'extra' (hours added that day, from start_time to end_time).
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind').$type<'off' | 'extra'>().notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    startTime: time('start_time'),
    endTime: time('end_time'),
    onlineScheduling: boolean('online_scheduling').notNull().default(false),
    scheduleEvery: integer('schedule_every').notNull().default(60),
    inPersonEnabled: boolean('in_person_enabled').notNull().default(true),
    teletherapyEnabled: boolean('teletherapy_enabled').notNull().default(false),
    note: text('note'),
  },
  (t) => [
    index('availability_exceptions_therapist_idx').on(t.practiceId, t.therapistId, t.date),
    check('availability_exceptions_kind', sql`${t.kind} in ('off', 'extra')`),
    check(
      'availability_exceptions_hours',
      sql`${t.kind} = 'off' or (${t.startTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
    check('availability_exceptions_schedule_every', sql`${t.scheduleEvery} > 0`),
  ],
);

/**
 * A per-practice counter bumped by a trigger on every change to calendar_events
 * and external_calendar_events (custom migration), so open calendars can poll
 * one indexed row to learn that something changed, on any number of servers.
 */
export const calendarVersions = pgTable('calendar_versions', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A therapist's outside calendar, read from an ICS (iCal) address. */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    /** The calendar's own id (from the ICS or the address); ids with addressbook or en.usa are skipped. */
    calendarKey: text('calendar_key').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    color: text('color').notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncStatus: text('last_sync_status').notNull().default('never'),
    lastSyncError: text('last_sync_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('external_calendars_therapist_idx').on(t.practiceId, t.therapistId),
    check(
      'external_calendars_sync_status',
      sql`${t.lastSyncStatus} in ('never', 'success', 'failure')`,
    ),
  ],
);

/** Busy time copied from an external calendar at its last sync; read-only in the calendar. */
export const externalCalendarEvents = pgTable(
  'external_calendar_events',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    title: text('title').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
  },
  (t) => [
    index('external_calendar_events_therapist_start_idx').on(t.therapistId, t.startAt),
    index('external_calendar_events_calendar_idx').on(t.calendarId),
    check('external_calendar_events_ends_after_start', sql`${t.endAt} > ${t.startAt}`),
  ],
);
