import type { AssignmentState, PdfField, Questionnaire } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarEvents } from './calendar.ts';
import { clients } from './clients.ts';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * A form the practice asks clients to fill in (intake questionnaire, release
 * of information). `autoAssign` forms are given to every new client and by
 * the profile's "Assign automatic forms" (spec-2 §7 autoAssignForms). Its
 * questions live in published versions (form_definition_versions, never
 * changed: migration 0038); `draft` is the builder's unpublished edit.
 */
export const formDefinitions = pgTable(
  'form_definitions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    autoAssign: boolean('auto_assign').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The library form it was added from (`/guide`), if any. */
    libraryKey: text('library_key'),
    /** A validated instrument (PHQ-9, GAD-7): added as it is, never edited. */
    locked: boolean('locked').notNull().default(false),
    /** The newest published version; null while only a draft exists. */
    currentVersion: integer('current_version'),
    draft: jsonb('draft').$type<Questionnaire>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_definitions_practice_idx').on(t.practiceId, t.active, t.autoAssign)],
);

/** A published version of a form: what a client's answers were given against. */
export const formDefinitionVersions = pgTable(
  'form_definition_versions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => formDefinitions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    questionnaire: jsonb('questionnaire').$type<Questionnaire>().notNull(),
    measure: text('measure').$type<'phq9' | 'gad7'>(),
    signatureRequired: boolean('signature_required').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedByUserId: integer('published_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A PDF form's stored (inert) file and its fields (issue 18 item 3); null otherwise. */
    pdfFileKey: text('pdf_file_key'),
    pdfFields: jsonb('pdf_fields').$type<PdfField[]>(),
  },
  (t) => [uniqueIndex('form_definition_versions_version_idx').on(t.definitionId, t.version)],
);

export type ClientFormStatus = AssignmentState;

/**
 * A form given to a client, in one of five states (domain assignment-states.ts). At most one
 * open (assigned or in progress) per client and form. `practiceId` and `definitionVersionId`
 * are filled by the database from the client and the form's current version when not given.
 */
export const clientFormAssignments = pgTable(
  'client_form_assignments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    formDefinitionId: integer('form_definition_id')
      .notNull()
      .references(() => formDefinitions.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClientFormStatus>().notNull().default('assigned'),
    practiceId: integer('practice_id')
      .notNull()
      .default(sql`null`)
      .references(() => practices.id, { onDelete: 'cascade' }),
    definitionVersionId: integer('definition_version_id')
      .notNull()
      .default(sql`null`)
      .references(() => formDefinitionVersions.id),
    source: text('source')
      .$type<'auto' | 'manual' | 'appointment' | 'schedule'>()
      .notNull()
      .default('manual'),
    /** Given to be done before this appointment. */
    dueEventId: integer('due_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who assigned it; null when the user is gone (or it was assigned by the system). */
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('client_form_assignments_open_idx')
      .on(t.clientId, t.formDefinitionId)
      .where(sql`${t.status} in ('assigned', 'in_progress')`),
    index('client_form_assignments_form_idx').on(t.formDefinitionId),
    index('client_form_assignments_client_idx').on(t.clientId, t.assignedAt),
    index('client_form_assignments_practice_idx').on(t.practiceId, t.status),
    check(
      'client_form_assignments_status',
      sql`${t.status} in ('assigned', 'in_progress', 'completed', 'signed', 'revoked')`,
    ),
  ],
);
