import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { externalAgents, users } from './users.ts';
import { practices } from './practices.ts';
import { impersonations } from './identity-hardening.ts';

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is
 * stored, so a database leak does not leak live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The person who signed in (the support user while impersonating). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** While impersonating: the user being acted as. */
    actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'cascade' }),
    actingPracticeId: integer('acting_practice_id').references(() => practices.id, {
      onDelete: 'cascade',
    }),
    /** While acting as an external agent of a practice. */
    externalAgentId: integer('external_agent_id').references(() => externalAgents.id, {
      onDelete: 'cascade',
    }),
    /** While impersonating: the impersonation (its reason and its 60-minute end). */
    impersonationId: integer('impersonation_id').references(() => impersonations.id, {
      onDelete: 'set null',
    }),
    rememberMe: boolean('remember_me').notNull().default(false),
    /** Last time the password was re-entered for a protected action. */
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute end: 12 hours after sign-in whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Secrets shared by every app process (CSRF signing key), created on first start. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
