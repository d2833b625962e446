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
} from 'drizzle-orm/pg-core';
import { clientInsurances, clients } from './clients.ts';
import { practices } from './practices.ts';
import { therapists, users } from './users.ts';

/**
 * A pre-authorization (precert) of a policy: the payer's approval of a number
 * of visits between two dates (spec-2 §3 preAuths: authId, authDate, userInsuranceId).
 */
export const insurancePreAuths = pgTable(
  'insurance_pre_auths',
  {
    id: serial('id').primaryKey(),
    clientInsuranceId: integer('client_insurance_id')
      .notNull()
      .references(() => clientInsurances.id, { onDelete: 'cascade' }),
    /** The day the payer granted it. */
    authDate: date('auth_date').notNull(),
    authNumber: text('auth_number').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** Visits allowed; null means no limit was set. */
    visitsAuthorized: integer('visits_authorized'),
    cptCodes: text('cpt_codes'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_pre_auths_policy_idx').on(t.clientInsuranceId),
    index('insurance_pre_auths_end_idx').on(t.endDate),
    check(
      'insurance_pre_auths_visits',
      sql`${t.visitsAuthorized} is null or ${t.visitsAuthorized} > 0`,
    ),
  ],
);

/**
 * A benefits confirmation: staff called (or checked) the payer and recorded
 * what the policy covers (spec-2 §3 confirmations: confirmationId, authDate, userInsuranceId).
 */
export const insuranceConfirmations = pgTable(
  'insurance_confirmations',
  {
    id: serial('id').primaryKey(),
    clientInsuranceId: integer('client_insurance_id')
      .notNull()
      .references(() => clientInsurances.id, { onDelete: 'cascade' }),
    /** The day the benefits were confirmed. */
    authDate: date('auth_date').notNull(),
    referenceNumber: text('reference_number'),
    /** Who at the payer confirmed them. */
    representative: text('representative'),
    copayCents: integer('copay_cents'),
    coinsurancePercent: integer('coinsurance_percent'),
    deductibleCents: integer('deductible_cents'),
    deductibleRemainingCents: integer('deductible_remaining_cents'),
    visitsPerYear: integer('visits_per_year'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_confirmations_policy_idx').on(t.clientInsuranceId),
    check(
      'insurance_confirmations_money',
      sql`coalesce(${t.copayCents}, 0) >= 0 and coalesce(${t.deductibleCents}, 0) >= 0 and coalesce(${t.deductibleRemainingCents}, 0) >= 0`,
    ),
    check(
      'insurance_confirmations_coinsurance',
      sql`${t.coinsurancePercent} is null or ${t.coinsurancePercent} between 0 and 100`,
    ),
  ],
);

export const ELIGIBILITY_STATUSES = ['COMPLETE', 'FAILED', 'ERROR'] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

/**
 * One eligibility check (spec-2 §3 Eligibility request): the 270 we sent, the
 * 271 we got back and its reading. FAILED carries the payer's failureMessage
 * (an AAA rejection); ERROR carries errorMessage (we could not get an answer).
 */
export const eligibilityRequests = pgTable(
  'eligibility_requests',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    clientInsuranceId: integer('client_insurance_id').references(() => clientInsurances.id, {
      onDelete: 'set null',
    }),
    therapistId: integer('therapist_id').references(() => therapists.id, { onDelete: 'set null' }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    payerId: text('payer_id').notNull(),
    payerName: text('payer_name').notNull(),
    serviceCode: text('service_code').notNull(),
    insuranceNumber: text('insurance_number').notNull(),
    isDependent: boolean('is_dependent').notNull().default(false),
    insuredFirstName: text('insured_first_name').notNull(),
    insuredLastName: text('insured_last_name').notNull(),
    /** 'clearinghouse' (HTTPS) or 'local' (sample 271 files, test mode). */
    adapter: text('adapter').notNull(),
    controlNumber: integer('control_number').notNull(),
    requestX12: text('request_x12').notNull(),
    responseX12: text('response_x12'),
    status: text('status').$type<EligibilityStatus>().notNull(),
    failureMessage: text('failure_message'),
    errorMessage: text('error_message'),
    /** The parsed 271 (coverage, dates, copay, coinsurance, deductible, visits, rejections). */
    summary: jsonb('summary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('eligibility_requests_client_idx').on(t.practiceId, t.clientId, t.createdAt),
    index('eligibility_requests_created_idx').on(t.practiceId, t.createdAt),
    check('eligibility_requests_status', sql`${t.status} in ('COMPLETE', 'FAILED', 'ERROR')`),
  ],
);
