import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { practices } from './practices.ts';
import { users } from './users.ts';

/** Problems reported from the app ('Report the Issue'), read by the support team. */
export const supportTickets = pgTable('support_tickets', {
  id: serial('id').primaryKey(),
  practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  pageUrl: text('page_url').notNull(),
  errorMessage: text('error_message'),
  status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The practice's own account with us (its subscription), shown as account standing. */
export const practiceAccounts = pgTable('practice_accounts', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  balanceCents: integer('balance_cents').notNull().default(0),
  /** When a past-due balance cuts the practice off. */
  cutoffDate: date('cutoff_date'),
  cardExpiresOn: date('card_expires_on'),
  cardUpdatedOn: date('card_updated_on'),
  lastPaymentDate: date('last_payment_date'),
  lastPaymentCents: integer('last_payment_cents'),
  responsibleUserId: integer('responsible_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
});
