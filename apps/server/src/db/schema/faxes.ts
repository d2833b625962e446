import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { practiceContacts } from './practice-contacts.ts';
import { practices } from './practices.ts';

export type OutboundFaxStatus = 'logged' | 'sent' | 'failed';

/**
 * Every fax the practice sends (the referral acknowledgement of spec-2 §7),
 * written before the fax adapter runs, so the practice can always see what
 * was (or would have been) sent. `pdf_key` names the rendered PDF in file
 * storage: with the local adapter (no FAX_URL) it is the only copy and the
 * status is 'logged'; with a fax service it is 'sent' or 'failed' (with the
 * error text).
 */
export const outboundFaxes = pgTable(
  'outbound_faxes',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => practiceContacts.id, {
      onDelete: 'set null',
    }),
    faxNumber: text('fax_number').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    pdfKey: text('pdf_key'),
    status: text('status').$type<OutboundFaxStatus>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbound_faxes_practice_idx').on(t.practiceId, t.createdAt)],
);
