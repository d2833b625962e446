import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

export const REFERENCE_TYPES = [
  'claimStatuses',
  'claimStatusCategories',
  'claimTypes',
  'claimSubmissionTypes',
  'accountStatementTypes',
  'accountPaymentTypes',
] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/** System-wide code tables (not practice-owned), filled by a migration. */
export const referenceData = pgTable(
  'reference_data',
  {
    type: text('type').$type<ReferenceType>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    isPatientType: boolean('is_patient_type'),
    isInsuranceType: boolean('is_insurance_type'),
  },
  (t) => [primaryKey({ columns: [t.type, t.code] })],
);

export const recordStatuses = pgTable('record_statuses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});
