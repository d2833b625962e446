import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * Each time support staff act as a practice user: the reason they gave and
 * the 60-minute limit. Audit rows written meanwhile name both people
 * (actor_user_id, impersonator_user_id) and join here by them and the time.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serial('id').primaryKey(),
    supportUserId: integer('support_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedUserId: integer('impersonated_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when stopped, signed out or reverted at the limit; null while running. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('impersonations_practice_idx').on(t.practiceId, t.startedAt),
    index('impersonations_support_user_idx').on(t.supportUserId, t.startedAt),
    check('impersonations_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 500`),
    check('impersonations_check', sql`${t.endsAt} > ${t.startedAt}`),
  ],
);

/** Failed sign-ins per client address in a fixed 15-minute window. */
export const signInAddressFailures = pgTable(
  'sign_in_address_failures',
  {
    address: text('address').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull(),
  },
  (t) => [index('sign_in_address_failures_window_idx').on(t.windowStartedAt)],
);

/**
 * Failed sign-ins from a browser holding a device cookie for the user (it
 * signed in as them before): its own count and lock, apart from strangers'
 * (which stay on users.failed_login_count).
 */
export const signInDeviceFailures = pgTable(
  'sign_in_device_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    loginLockExpiration: timestamp('login_lock_expiration', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId] }),
    index('sign_in_device_failures_last_idx').on(t.lastFailedAt),
  ],
);
