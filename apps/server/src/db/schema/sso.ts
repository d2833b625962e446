import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * A practice's single sign-on (issue 16 item 7): OpenID Connect with its own
 * identity provider. The client secret is kept only encrypted
 * (platform/secret-box.ts, AES-256-GCM under a key that is not in the
 * database) and never leaves the server.
 */
export const practiceSso = pgTable('practice_sso', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  /** The issuer URL exactly as its discovery document names it. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  /** Off: the settings are kept but nobody signs in through them. */
  enabled: boolean('enabled').notNull().default(true),
  /** Staff other than owners must sign in through the provider (owners keep their password). */
  requireForStaff: boolean('require_for_staff').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The email domains whose people sign in through a practice's provider. A
 * domain belongs to one practice only (the primary key), so the work email
 * typed on the sign-in page names exactly one practice.
 */
export const practiceSsoDomains = pgTable(
  'practice_sso_domains',
  {
    domain: text('domain').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practiceSso.practiceId, { onDelete: 'cascade' }),
  },
  (t) => [index('practice_sso_domains_practice_idx').on(t.practiceId)],
);

/**
 * A sign-in that went to the provider and has not come back: single use, 10
 * minutes, and bound to the browser that started it (a cookie whose hash is
 * kept here), so a callback address cannot be replayed in another browser.
 */
export const ssoSignInFlows = pgTable(
  'sso_sign_in_flows',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_sign_in_flows_expires_idx').on(t.expiresAt)],
);
