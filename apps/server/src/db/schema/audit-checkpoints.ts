import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Seals on the audit chain: each names the chain's newest row, its hash and
 * how many rows the chain held, with an HMAC whose key is kept outside the
 * database (AUDIT_KEY or DATA_DIR/audit.key). Whoever controls the database
 * without that key cannot rehash the chain or drop its newest rows unseen.
 * Append-only like audit_log (same trigger).
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    lastAuditId: bigint('last_audit_id', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    mac: text('mac').notNull(),
  },
  (t) => [index('audit_checkpoints_last_audit_idx').on(t.lastAuditId, t.id)],
);
