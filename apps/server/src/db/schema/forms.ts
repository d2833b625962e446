import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * A form the practice asks clients to fill in (intake questionnaire, release
 * of information). `autoAssign` forms are given to every new client and by
 * the profile's "Assign automatic forms" (spec-2 §7 autoAssignForms). The
 * form's questions and the clients' answers come with the forms area later.
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
  },
  (t) => [index('form_definitions_practice_idx').on(t.practiceId, t.active, t.autoAssign)],
);

export const CLIENT_FORM_STATUSES = ['pending', 'completed'] as const;
export type ClientFormStatus = (typeof CLIENT_FORM_STATUSES)[number];

/** A form given to a client: pending until the client completes it. One per client and form. */
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
    status: text('status').$type<ClientFormStatus>().notNull().default('pending'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who assigned it; null when the user is gone (or it was assigned by the system). */
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('client_form_assignments_client_form_idx').on(t.clientId, t.formDefinitionId),
    index('client_form_assignments_form_idx').on(t.formDefinitionId),
    check('client_form_assignments_status', sql`${t.status} in ('pending', 'completed')`),
  ],
);
