import type { DemographicFieldType, DemographicValue, PhotoIdAnalysis } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { practiceContacts } from './practice-contacts.ts';
import { practices } from './practices.ts';
import { therapists, users } from './users.ts';

/** Insurance payers the practice bills (spec-2 §3 Practice insurance). */
export const practiceInsurances = pgTable(
  'practice_insurances',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    payerId: text('payer_id').notNull(),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    endDate: date('end_date'),
    therapistSpecific: boolean('therapist_specific').notNull().default(false),
    phone: text('phone'),
  },
  (t) => [index('practice_insurances_practice_idx').on(t.practiceId)],
);

export type ClientDemographics = Record<string, string | null>;
export type AccidentInformation = {
  accidentCauseEmployment: boolean;
  accidentCauseDriving: boolean;
  accidentCauseOther: boolean;
  accidentCauseState: string | null;
};

/** What the analysis service read from one photo ID (`key`), kept until the photo changes. */
export type StoredPhotoIdAnalysis = {
  key: string;
  analysedAt: string;
  values: PhotoIdAnalysis;
};

/** A client (patient) record. Names are indexed for trigram search. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    /** The client's portal sign-in, once invited. */
    portalUserId: integer('portal_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Account number shown as C + 9 digits; unique within the practice. */
    accountNumber: integer('account_number').notNull(),
    firstName: text('first_name').notNull(),
    nickName: text('nick_name'),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    claimGender: text('claim_gender'),
    dob: date('dob'),
    maritalStatus: text('marital_status'),
    employer: text('employer'),
    employmentType: text('employment_type'),
    recordStatusId: integer('record_status_id').notNull().default(1),
    isGroup: boolean('is_group').notNull().default(false),
    customSearchableId: text('custom_searchable_id'),
    timezone: text('timezone'),
    memo: text('memo'),
    alert: text('alert'),
    reasonForAppointment: text('reason_for_appointment'),
    referralContactId: integer('referral_contact_id').references(() => practiceContacts.id, {
      onDelete: 'set null',
    }),
    demographics: jsonb('demographics').$type<ClientDemographics>().notNull().default({}),
    illnessOnsetDate: date('illness_onset_date'),
    accidentInformation: jsonb('accident_information').$type<AccidentInformation>(),
    isPrivatePay: boolean('is_private_pay').notNull().default(false),
    /** The practice day private pay was last turned on or off (changePrivatePay localDate). */
    privatePayChangedOn: date('private_pay_changed_on'),
    usualFeeCents: integer('usual_fee_cents'),
    responsiblePartyFirstName: text('responsible_party_first_name'),
    responsiblePartyLastName: text('responsible_party_last_name'),
    photoIdKey: text('photo_id_key'),
    /** The last analysis of the photo ID (spec-2 §3 photoIdAnalysis), for the photo it names. */
    photoIdAnalysis: jsonb('photo_id_analysis').$type<StoredPhotoIdAnalysis>(),
    portalStatus: text('portal_status').notNull().default('INITIAL'),
    twoFactorType: text('two_factor_type'),
    twoFactorContact: text('two_factor_contact'),
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
    mergedIntoId: integer('merged_into_id'),
    retentionSnoozedUntil: date('retention_snoozed_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_account_number_idx').on(t.practiceId, t.accountNumber),
    index('clients_practice_name_idx').on(t.practiceId, t.lastName, t.firstName),
    index('clients_practice_created_idx').on(t.practiceId, t.createdAt),
    index('clients_name_trgm_idx').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || coalesce(${t.nickName}, '') || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    index('clients_custom_id_idx').on(t.practiceId, sql`lower(${t.customSearchableId})`),
    index('clients_portal_user_idx').on(t.portalUserId),
  ],
);

/** The client's status with each of their therapists (spec-2 §4: INACTIVE is the inactive value). */
export const clientTherapists = pgTable(
  'client_therapists',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('ACTIVE'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Claims are created automatically for this client's appointments with this therapist. */
    autoGenerateClaims: boolean('auto_generate_claims').notNull().default(true),
    /** Why automatic claim creation was last changed, and on which practice day. */
    autoClaimReason: text('auto_claim_reason'),
    autoClaimChangedOn: date('auto_claim_changed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.therapistId] }),
    index('client_therapists_therapist_idx').on(t.therapistId, t.status, t.clientId),
  ],
);

export const clientPhones = pgTable(
  'client_phones',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    label: text('label'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('client_phones_client_idx').on(t.clientId)],
);

export const clientEmails = pgTable(
  'client_emails',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('client_emails_client_idx').on(t.clientId)],
);

export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isMailing: boolean('is_mailing').notNull().default(false),
  },
  (t) => [index('client_addresses_client_idx').on(t.clientId)],
);

/** People connected to the client: family, guardian, emergency contact. */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship'),
    phone: text('phone'),
    email: text('email'),
    isEmergencyContact: boolean('is_emergency_contact').notNull().default(false),
  },
  (t) => [index('client_contacts_client_idx').on(t.clientId)],
);

export const clientDiagnoses = pgTable(
  'client_diagnoses',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.code] })],
);

/** ICD-10-CM codes offered in the diagnosis search (a mental-health subset). */
export const icd10Codes = pgTable(
  'icd10_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
  },
  (t) => [
    index('icd10_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

/** Therapy groups: a group record is itself a client row with isGroup, members are clients. */
export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    groupClientId: integer('group_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    joinedOn: date('joined_on').notNull(),
    leftOn: date('left_on'),
  },
  (t) => [
    primaryKey({ columns: [t.groupClientId, t.clientId] }),
    index('client_group_members_client_idx').on(t.clientId),
  ],
);

/** Insurance policies of a client (extended by the insurance issue). */
export const clientInsurances = pgTable(
  'client_insurances',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    practiceInsuranceId: integer('practice_insurance_id').references(() => practiceInsurances.id, {
      onDelete: 'set null',
    }),
    insuranceType: text('insurance_type').$type<'PRIMARY' | 'SECONDARY'>().notNull(),
    insuranceNumber: text('insurance_number'),
    groupNumber: text('group_number'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    isCurrent: boolean('is_current').notNull().default(true),
    /** 'self' when the client is the insured; otherwise the client is a dependent of the insured. */
    insuredRelationship: text('insured_relationship')
      .$type<'self' | 'spouse' | 'child' | 'other'>()
      .notNull()
      .default('self'),
    insuredFirstName: text('insured_first_name'),
    insuredLastName: text('insured_last_name'),
    insuredDob: date('insured_dob'),
    /** Storage key of the insurance card image (uploaded to a signed address). */
    cardPhotoKey: text('card_photo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_insurances_client_idx').on(t.clientId),
    index('client_insurances_payer_idx').on(t.practiceInsuranceId),
  ],
);

/** A therapist who supervises another therapist sees the supervisee's clients. */
export const therapistSupervisors = pgTable(
  'therapist_supervisors',
  {
    supervisorTherapistId: integer('supervisor_therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    superviseeTherapistId: integer('supervisee_therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.supervisorTherapistId, t.superviseeTherapistId] })],
);

/** Records a custodian (PHI supervisor) holds for a departed therapist. */
export const custodianRecords = pgTable(
  'custodian_records',
  {
    custodianUserId: integer('custodian_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.custodianUserId, t.clientId] })],
);

/** Portal sign-ins of a client, newest first in the login history. */
export const clientLoginHistory = pgTable(
  'client_login_history',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    ip: text('ip'),
  },
  (t) => [index('client_login_history_client_idx').on(t.clientId, t.at)],
);

/** Every outgoing email: kept whether or not SMTP is configured. */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** 'suppressed': the address is on the practice's suppression list, so it was not sent. */
    status: text('status')
      .$type<'queued' | 'sent' | 'logged' | 'failed' | 'suppressed'>()
      .notNull(),
    /** What the message is (e.g. 'portal_invitation'); null for messages logged before kinds. */
    kind: text('kind'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_emails_practice_idx').on(t.practiceId, t.createdAt),
    index('outbound_emails_client_idx').on(t.clientId),
    index('outbound_emails_practice_recipient_idx').on(t.practiceId, sql`lower(${t.recipient})`),
  ],
);

/** Per-practice: which demographic fields are collected (spec-2 §3: value OFF means disabled). */
export const practiceDemographicSettings = pgTable(
  'practice_demographic_settings',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull(),
    value: text('value').$type<DemographicValue>().notNull(),
    /** Issue 16: how the field is answered, its options (choice only), and whether the practice added it. */
    fieldType: text('field_type').$type<DemographicFieldType>().notNull().default('text'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    custom: boolean('custom').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.name] })],
);
