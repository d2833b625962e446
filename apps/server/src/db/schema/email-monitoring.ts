import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { practices } from './practices.ts';
import { users } from './users.ts';

/** Why an address is suppressed (spec-1 §7: addSuppressed's reason defaults to COMPLAINT). */
export const SUPPRESSION_REASONS = ['COMPLAINT', 'BOUNCE', 'UNSUBSCRIBE', 'MANUAL'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * A practice's email suppression list (spec-1 §3): the mail adapter never
 * sends to an address on it, and logs the message as 'suppressed' instead.
 * Addresses match whatever their letter case.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>().notNull().default('COMPLAINT'),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_suppressions_practice_email_idx').on(t.practiceId, sql`lower(${t.email})`),
    check(
      'email_suppressions_reason_check',
      sql`${t.reason} IN ('COMPLAINT', 'BOUNCE', 'UNSUBSCRIBE', 'MANUAL')`,
    ),
    check('email_suppressions_email_check', sql`char_length(${t.email}) BETWEEN 3 AND 254`),
  ],
);
