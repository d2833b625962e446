import type { FormAnswers } from '@openpractice/domain';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientFormAssignments, formDefinitionVersions } from './forms.ts';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * A client's answers to one assignment, saved as they go (issue 18 item 2), against the
 * version the form was given with. Once signed the database refuses any change to it
 * (migration 0038, form_responses_refuse_signed_change); only a merge may move its client.
 */
export const formResponses = pgTable(
  'form_responses',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => clientFormAssignments.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    definitionVersionId: integer('definition_version_id')
      .notNull()
      .references(() => formDefinitionVersions.id),
    answers: jsonb('answers').$type<FormAnswers>().notNull().default({}),
    /** Who filled it in: the client in the portal, or staff with the client in session. */
    completedVia: text('completed_via').$type<'portal' | 'staff'>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('form_responses_assignment_idx').on(t.assignmentId),
    index('form_responses_client_idx').on(t.clientId),
  ],
);

/** A typed-name signature: the name and date as typed, and who, when and from where. */
export const formSignatures = pgTable(
  'form_signatures',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    typedName: text('typed_name').notNull(),
    signedOn: date('signed_on').notNull(),
    signerUserId: integer('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerRole: text('signer_role').$type<'client' | 'staff'>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('form_signatures_response_idx').on(t.responseId)],
);

/** A signed consent or release withdrawn: the document stays; this row says who, when, why. */
export const formRevocations = pgTable(
  'form_revocations',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => clientFormAssignments.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The form's name when revoked (the definition may be renamed later). */
    formName: text('form_name').notNull(),
    reason: text('reason').notNull().default(''),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedByRole: text('revoked_by_role').$type<'client' | 'staff'>().notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('form_revocations_practice_idx').on(t.practiceId, t.revokedAt, t.id)],
);

/** A PDF form's filled, flattened copy, written once when the response is complete. */
export const formResponsePdfs = pgTable(
  'form_response_pdfs',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_response_pdfs_response_idx').on(t.responseId)],
);
