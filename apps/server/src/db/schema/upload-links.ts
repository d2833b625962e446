import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientInsurances, clients } from './clients.ts';
import { practices } from './practices.ts';
import { users } from './users.ts';

export type UploadLinkKind = 'photo_id' | 'insurance_card';
/** Whom the link was issued to: a practice user at their desk, or the client themself. */
export type UploadLinkIssuedAs = 'staff' | 'client';
/** An upload kept as a version for staff to decide on; null when it was applied at once. */
export type UploadReview = 'pending' | 'accepted' | 'rejected' | 'superseded';

/**
 * Every signed upload address issued (issue 13, finding 11). A link is used
 * at most once (`used_at`, set by compare-and-set) and lives 15 minutes. An
 * upload not made by the staff user the link was issued to, signed in, is
 * kept at `file_key` as a version (`review = 'pending'`) until staff accept
 * it (it then replaces the current photo) or reject it (the file is removed).
 */
export const uploadLinks = pgTable(
  'upload_links',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UploadLinkKind>().notNull(),
    /** insurance_card only: the policy the card belongs to. */
    insuranceId: integer('insurance_id').references(() => clientInsurances.id, {
      onDelete: 'cascade',
    }),
    fileKey: text('file_key').notNull().unique(),
    issuedToUserId: integer('issued_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    issuedAs: text('issued_as').$type<UploadLinkIssuedAs>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The session's user when the upload carried one. */
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    usedWithSession: boolean('used_with_session'),
    review: text('review').$type<UploadReview>(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('upload_links_kind_check', sql`${t.kind} IN ('photo_id', 'insurance_card')`),
    check('upload_links_issued_as_check', sql`${t.issuedAs} IN ('staff', 'client')`),
    index('upload_links_pending_idx')
      .on(t.clientId, t.kind)
      .where(sql`${t.review} = 'pending'`),
    index('upload_links_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);

export type UploadLinkRow = typeof uploadLinks.$inferSelect;
