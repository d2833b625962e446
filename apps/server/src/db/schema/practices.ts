import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/** A practice is a tenant: every practice-owned row carries its id. */
export const practices = pgTable('practices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('America/New_York'),
  logoUrl: text('logo_url'),
  /** Practice information (issue 16): used by navigation, statements and claims. */
  legalName: text('legal_name'),
  /** Employer identification number, nine digits (stored without the dash). */
  tin: text('tin'),
  /** The organisation's (type 2) NPI. */
  npi: text('npi'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zipcode: text('zipcode'),
  phone: text('phone'),
  /** Storage keys of the re-encoded logo images (modules/practice/logo); null when none. */
  logoBannerKey: text('logo_banner_key'),
  logoIconKey: text('logo_icon_key'),
  /** Bumped on every logo change: the image addresses carry it, so caches never show an old one. */
  logoVersion: integer('logo_version').notNull().default(0),
  /** An agency manages several practices; shown to the web as identity.isAgency. */
  isAgency: boolean('is_agency').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PracticeFeatures = {
  claims: boolean;
  insurance: boolean;
  charting: boolean;
  telehealth: boolean;
  ePrescribe: boolean;
  changeTracking: boolean;
  messages: boolean;
  screenReaderAccessible: boolean;
};

export const practiceSettings = pgTable('practice_settings', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  /** Minutes without a request before a session ends; 0 never ends it. */
  inactivityLockoutMinutes: integer('inactivity_lockout_minutes').notNull().default(60),
  features: jsonb('features').$type<PracticeFeatures>().notNull(),
  /** The practice's own client id (e.g. 'Chart number'), searchable; null when not used. */
  customSearchableIdLabel: text('custom_searchable_id_label'),
  /**
   * Online self-booking: 'instant' books the slot as a confirmed appointment;
   * 'request' holds the slot as an appointment awaiting staff confirmation.
   */
  selfBookingMode: text('self_booking_mode')
    .$type<'instant' | 'request'>()
    .notNull()
    .default('request'),
  /** The practice's therapists can appear in the public directory. */
  publicDirectoryEnabled: boolean('public_directory_enabled').notNull().default(true),
  /** Charting (issue 17 item 6): a session is billed only once its note is signed. */
  signedNoteRequiredForBilling: boolean('signed_note_required_for_billing')
    .notNull()
    .default(false),
  /** Who may unlock a locked note, and until when (domain NoteUnlockPolicy): managers only. */
  noteUnlockPolicy: text('note_unlock_policy')
    .$type<'never' | 'within' | 'any'>()
    .notNull()
    .default('never'),
  noteUnlockHours: integer('note_unlock_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex colour used on the calendar, e.g. '#1E88E5'. */
    color: text('color').notNull(),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    phone: text('phone'),
    /** Place of service on claims for appointments here (CMS code, '11' office). */
    placeOfServiceCode: text('place_of_service_code').notNull().default('11'),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The first day (practice's zone) nothing may be booked here; null while open. */
    closesOn: date('closes_on', { mode: 'string' }),
  },
  (t) => [index('locations_practice_idx').on(t.practiceId)],
);

/** Places of service used on claims (02 telehealth, 10 telehealth at home, 11 office). */
export const serviceLocations = pgTable(
  'service_locations',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    placeOfServiceCode: text('place_of_service_code').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('service_locations_practice_idx').on(t.practiceId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    cptCode: text('cpt_code').notNull(),
    description: text('description').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    feeCents: integer('fee_cents').notNull(),
    isTelehealth: boolean('is_telehealth').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    /** The practice's default service: the 'default_product' choice of spec-1 §3. */
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('products_practice_idx').on(t.practiceId),
    /** One active service per CPT code in a practice (a duplicate is refused with a 409). */
    uniqueIndex('products_practice_active_cpt_idx')
      .on(t.practiceId, t.cptCode)
      .where(sql`${t.active}`),
    check('products_fee_not_negative', sql`${t.feeCents} >= 0`),
    check('products_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);
