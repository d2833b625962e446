import type { NoteContent, NoteStatus, NoteTemplateDefinition } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarEventAttendees, calendarEvents } from './calendar.ts';
import { clients } from './clients.ts';
import { practices } from './practices.ts';
import { therapists, users } from './users.ts';

/**
 * Charting (issue 17): progress notes, their signed versions, signatures, history,
 * addenda and psychotherapy notes. Migration 0031 (hand-written) adds the triggers
 * that make locked versions, signatures and history unchangeable by anyone.
 */

/** A versioned note template; the shipped ones have no practice. Rows are never changed. */
export const noteTemplates = pgTable(
  'note_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    cptCode: text('cpt_code'),
    definition: jsonb('definition').$type<NoteTemplateDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('note_templates_key_version_idx').on(t.practiceId, t.key, t.version)],
);

export type NoteKind = 'progress' | 'group';

/** One note: a client's note of a session, or a group session's shared note. */
export const chartNotes = pgTable(
  'chart_notes',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    /** The client the note is about; for a group note, the group. */
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The session; kept null if the appointment is later deleted (the note stays). */
    eventId: integer('event_id').references(() => calendarEvents.id, { onDelete: 'set null' }),
    attendeeId: integer('attendee_id').references(() => calendarEventAttendees.id, {
      onDelete: 'set null',
    }),
    /** The therapist who writes and signs it. */
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => noteTemplates.id),
    kind: text('kind').$type<NoteKind>().notNull().default('progress'),
    /** A member's part of a group session points at the group's note. */
    groupNoteId: integer('group_note_id'),
    /** The note billing and claims read (one per client per session). */
    isBillingNote: boolean('is_billing_note').notNull().default(true),
    status: text('status').$type<NoteStatus>().notNull().default('draft'),
    /** Header, filled from the appointment when the note is opened. */
    sessionAt: timestamp('session_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    cptCode: text('cpt_code'),
    placeOfService: text('place_of_service'),
    telehealth: boolean('telehealth').notNull().default(false),
    diagnoses: text('diagnoses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The supervisor who reviews it, chosen when a supervisee sends it. */
    reviewerTherapistId: integer('reviewer_therapist_id').references(() => therapists.id),
    content: jsonb('content').$type<NoteContent>().notNull().default({}),
    /** Raised by each unlock: a locked version is never overwritten. */
    version: integer('version').notNull().default(1),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chart_notes_client_idx').on(t.clientId, t.sessionAt, t.id),
    index('chart_notes_event_idx').on(t.eventId),
    index('chart_notes_therapist_status_idx').on(t.practiceId, t.therapistId, t.status),
    index('chart_notes_reviewer_idx')
      .on(t.reviewerTherapistId, t.status)
      .where(sql`${t.reviewerTherapistId} is not null`),
    uniqueIndex('chart_notes_billing_note_idx')
      .on(t.eventId, t.clientId)
      .where(sql`${t.isBillingNote} and ${t.kind} = 'progress'`),
    uniqueIndex('chart_notes_group_note_idx')
      .on(t.eventId)
      .where(sql`${t.kind} = 'group'`),
  ],
);

/** The content of a note as it locked: a row here is never changed or removed. */
export const chartNoteVersions = pgTable(
  'chart_note_versions',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => chartNotes.id),
    version: integer('version').notNull(),
    content: jsonb('content').$type<NoteContent>().notNull(),
    header: jsonb('header').$type<Record<string, unknown>>().notNull(),
    contentHash: text('content_hash').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('chart_note_versions_note_idx').on(t.noteId, t.version)],
);

export type SignerRole = 'author' | 'cosigner';

/** Each signature: who, in which role, when, over which content (SHA-256 of its canonical text). */
export const chartSignatures = pgTable(
  'chart_signatures',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => chartNotes.id),
    addendumId: integer('addendum_id'),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<SignerRole>().notNull(),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [index('chart_signatures_note_idx').on(t.noteId)],
);

export type ChartHistoryAction =
  'created' | 'sent' | 'returned' | 'cosigned' | 'signed' | 'unlocked' | 'addendum_created';

/** What happened to a note and its addenda, with the supervisor's feedback; never changed. */
export const chartHistory = pgTable(
  'chart_history',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => chartNotes.id),
    addendumId: integer('addendum_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userName: text('user_name').notNull(),
    action: text('action').$type<ChartHistoryAction>().notNull(),
    version: integer('version').notNull(),
    comment: text('comment'),
  },
  (t) => [index('chart_history_note_idx').on(t.noteId, t.at)],
);

/** An addendum to a locked note; locked addenda never change. */
export const chartAddenda = pgTable(
  'chart_addenda',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => chartNotes.id),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id),
    reviewerTherapistId: integer('reviewer_therapist_id').references(() => therapists.id),
    status: text('status').$type<NoteStatus>().notNull().default('draft'),
    text: text('text').notNull().default(''),
    /** Always 1: an addendum is never unlocked (the lock trigger reads it as for notes). */
    version: integer('version').notNull().default(1),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chart_addenda_note_idx').on(t.noteId, t.id),
    index('chart_addenda_therapist_status_idx').on(t.practiceId, t.therapistId, t.status),
  ],
);

/**
 * Psychotherapy notes (HIPAA's process notes): kept apart from the record, seen only
 * by their author until the author releases one; every read and change is audited.
 */
export const psychotherapyNotes = pgTable(
  'psychotherapy_notes',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => calendarEvents.id, { onDelete: 'set null' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull().default(''),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('psychotherapy_notes_session_idx').on(t.eventId, t.clientId, t.authorUserId),
    index('psychotherapy_notes_author_idx').on(t.authorUserId, t.clientId),
  ],
);
