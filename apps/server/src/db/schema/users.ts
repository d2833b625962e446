import type { AccountStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { practices, products } from './practices.ts';

export const USER_TYPES = ['staff', 'patient', 'agent', 'support'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null for internal support staff and external agents, who belong to no practice. */
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    /** Stored lower-cased so sign-in is case-insensitive. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type').$type<UserType>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    professionalName: text('professional_name').notNull(),
    screenReader: boolean('screen_reader').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * Staff accounts (spec-1 §3 User account status values); DISABLED always
     * goes with `active` false. Other accounts stay ENABLED.
     */
    accountStatus: text('account_status').$type<AccountStatus>().notNull().default('ENABLED'),
    /** When the person first set a password of their own; null for an invitation not yet taken up. */
    activatedAt: timestamp('activated_at', { withTimezone: true }).defaultNow(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    loginLockExpiration: timestamp('login_lock_expiration', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_idx').on(t.username),
    index('users_practice_idx').on(t.practiceId),
    check(
      'users_account_status_check',
      sql`${t.accountStatus} IN ('INITIAL', 'ACTIVATION_LINK_SENT', 'PASSWORD_RESET_LINK_SENT', 'PASSWORD_RESET_REQUIRED', 'ENABLED', 'DISABLED')`,
    ),
  ],
);

export const userAuthorities = pgTable(
  'user_authorities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authority] })],
);

/**
 * Failed sign-ins for usernames that do not exist, so that the lockout looks
 * the same whether or not an account exists.
 */
export const unknownLoginAttempts = pgTable('unknown_login_attempts', {
  usernameKey: text('username_key').primaryKey(),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  loginLockExpiration: timestamp('login_lock_expiration', { withTimezone: true }),
});

export const therapists = pgTable(
  'therapists',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    credentials: text('credentials'),
    npi: text('npi'),
    active: boolean('active').notNull().default(true),
    /** The therapist offers telehealth sessions (with the practice's telehealth feature on). */
    telehealthEnabled: boolean('telehealth_enabled').notNull().default(false),
    /** The therapist's primary CPT code: the 'primary_cpt' product choice of spec-1 §3. */
    defaultProductId: integer('default_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    /** Listed in the public therapist directory (findYourTherapist). */
    publicListed: boolean('public_listed').notNull().default(false),
    /** Accepts new clients through online booking. */
    acceptingNewClients: boolean('accepting_new_clients').notNull().default(true),
    bio: text('bio'),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Public address of the therapist's photo (a storage key is resolved by the server). */
    photoUrl: text('photo_url'),
    /** The NUCC provider taxonomy code (10 characters), for claims. */
    taxonomyCode: text('taxonomy_code'),
    licenseNumber: text('license_number'),
    /** The state that issued the licence (two letters). */
    licenseState: text('license_state'),
    /** The therapist's own time zone when it differs from the practice's (IANA name). */
    timezone: text('timezone'),
    /** The therapist keeps clinical notes in the app (charting). */
    usesCharting: boolean('uses_charting').notNull().default(true),
  },
  (t) => [
    uniqueIndex('therapists_user_idx').on(t.userId),
    index('therapists_practice_idx').on(t.practiceId),
  ],
);

/** An external agent works for one practice and sees the calendars of the therapists assigned to it. */
export const externalAgents = pgTable(
  'external_agents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('external_agents_user_idx').on(t.userId)],
);

export const externalAgentTherapists = pgTable(
  'external_agent_therapists',
  {
    externalAgentId: integer('external_agent_id')
      .notNull()
      .references(() => externalAgents.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.externalAgentId, t.therapistId] })],
);
