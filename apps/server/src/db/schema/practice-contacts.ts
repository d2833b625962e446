import type { PracticeContactKind } from '@openpractice/domain';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { practices } from './practices.ts';

/** A referral source or other outside contact of the practice (doctor, school, agency). */
export const practiceContacts = pgTable(
  'practice_contacts',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    organization: text('organization'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    /** Issue 16: what kind of contact (domain PRACTICE_CONTACT_KINDS). */
    kind: text('kind').$type<PracticeContactKind>().notNull().default('other'),
    /** A second number (mobile or direct line). */
    phone2: text('phone2'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    /** Clinicians only, checked by the NPI check-digit rule. */
    npi: text('npi'),
    notes: text('notes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practice_contacts_practice_idx').on(t.practiceId, t.active, t.name)],
);
