import type { PrintableRecordType, PrintJobStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { practices } from './practices.ts';
import { users } from './users.ts';

/**
 * Printing a client's records (issue 17 item 10, migration 0032, hand-written): a job per print
 * request, made in the background, and the PDFs it made. See modules/records.
 */

/** What was asked for, as the disclosure records it (spec-1 §3 Print request and the therapist). */
export type PrintJobRequest = {
  recordTypes: PrintableRecordType[];
  startDate: string | null;
  endDate: string | null;
  therapistId: number | null;
  singlePdf: boolean;
  sendCompleteMessage: boolean;
  releasePurpose: string;
  releasedTo: string;
};

/** The records a job prints for one client, fixed when it was asked for. */
export type PrintJobClientItems = {
  clientId: number;
  /** Locked notes and the locked version printed. */
  notes: { noteId: number; version: number }[];
  /** Appointments: the event, and the client's attendee row (null for a group's own session). */
  appointments: { eventId: number; attendeeId: number | null }[];
  /**
   * Treatment plan versions (the current signed one per therapist) and older signed ones, and
   * completed or signed form responses. Absent on jobs asked for before these types existed.
   */
  plans?: { planId: number }[];
  pastPlans?: { planId: number }[];
  forms?: { responseId: number }[];
};

export type PrintJobCounts = Partial<Record<PrintableRecordType, number>>;

export const printRecordJobs = pgTable(
  'print_record_jobs',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientIds: integer('patient_ids').array().notNull(),
    status: text('status').$type<PrintJobStatus>().notNull().default('pending'),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    request: jsonb('request').$type<PrintJobRequest>().notNull(),
    items: jsonb('items').$type<PrintJobClientItems[]>().notNull(),
    counts: jsonb('counts').$type<PrintJobCounts>().notNull(),
    /** Why it failed, for the operator (never shown to the user, never client data). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a server process took the job; with `heartbeatAt`, how another knows it is alive. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('print_record_jobs_requester_idx').on(t.practiceId, t.requestedByUserId, t.createdAt),
    index('print_record_jobs_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const printRecordFiles = pgTable(
  'print_record_files',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => printRecordJobs.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    recordTypes: text('record_types').array().$type<PrintableRecordType[]>().notNull(),
    fileKey: text('file_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    /** With the server's key, makes the download link (never stored itself). */
    tokenNonce: text('token_nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once, by compare-and-set: the link works once. */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    downloadedByUserId: integer('downloaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** When the stored PDF was removed (downloaded, expired or its job failed). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('print_record_files_job_idx').on(t.jobId, t.id),
    index('print_record_files_kept_idx')
      .on(t.expiresAt)
      .where(sql`${t.removedAt} is null`),
  ],
);

export type PrintRecordFileRow = typeof printRecordFiles.$inferSelect;
