import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only, hash-chained audit log. Each row's hash covers its content and
 * the previous row's hash; a trigger refuses UPDATE and DELETE, and the chain
 * check finds any row changed or removed behind the trigger's back.
 * Deliberately no foreign keys: audit rows outlive the rows they describe.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    practiceId: integer('practice_id'),
    actorUserId: integer('actor_user_id'),
    impersonatorUserId: integer('impersonator_user_id'),
    action: text('action').notNull(),
    patientId: integer('patient_id'),
    /** Every client a list, search, calendar or export returned (one row per request, not per client). */
    patientIds: integer('patient_ids').array(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_practice_at_idx').on(t.practiceId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
    index('audit_patient_ids_idx').using('gin', t.patientIds),
  ],
);
