import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { practiceInsurances } from './clients.ts';
import { practices, products } from './practices.ts';
import { therapists } from './users.ts';

/**
 * A payer's fee for one of the practice's services (issue 16 item 3): what billing charges
 * when the payer is billed; without a row the service's default fee applies.
 */
export const productPayerFees = pgTable(
  'product_payer_fees',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    practiceInsuranceId: integer('practice_insurance_id')
      .notNull()
      .references(() => practiceInsurances.id, { onDelete: 'cascade' }),
    feeCents: integer('fee_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_payer_fees_payer_product_idx').on(t.practiceInsuranceId, t.productId),
    index('product_payer_fees_practice_idx').on(t.practiceId),
    check('product_payer_fees_fee_not_negative', sql`${t.feeCents} >= 0`),
  ],
);

/**
 * The services a therapist offers. A therapist with no rows offers all of the practice's
 * services (scheduling suggests them all); with rows, only those.
 */
export const therapistProducts = pgTable(
  'therapist_products',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('therapist_products_pair_idx').on(t.therapistId, t.productId),
    index('therapist_products_practice_idx').on(t.practiceId),
  ],
);
