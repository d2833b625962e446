import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Practice set-up, staff (issue 16 item 1): the one-time links of staff
 * activation and password reset. (Who supervises whom is `therapist_supervisors`.)
 */

export const STAFF_LINK_PURPOSES = ['activate', 'reset'] as const;
export type StaffLinkPurpose = (typeof STAFF_LINK_PURPOSES)[number];

/**
 * An emailed staff link: only the SHA-256 of its random token is kept (as
 * for sessions). A link works once; sending a new one ends the older ones.
 */
export const staffAccountLinks = pgTable(
  'staff_account_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<StaffLinkPurpose>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_account_links_user_idx').on(t.userId)],
);
