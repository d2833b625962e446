import type { LedgerEntry } from '@openpractice/domain';
import { Ledger } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared.ts';

/** A stored entry: the domain's fields and what the ledger page shows beside them. */
export type StoredEntry = {
  entryId: number;
  kind: LedgerEntry['kind'];
  amountCents: number;
  reversesId: number | null;
  dateOfService: string | null;
  cptCode: string | null;
  units: number | null;
  clientPartCents: number | null;
  insurerPartCents: number | null;
  paymentSource: 'client' | 'insurance' | null;
  paymentMethod: 'cash' | 'check' | 'card' | 'external_card' | 'era' | null;
  reference: string | null;
  paymentId: number | null;
  chargeId: number | null;
  adjustmentKind: 'discount' | 'writeoff' | 'contractual' | 'transfer' | null;
  notation: string | null;
  createdAt: Date;
  createdBy: string | null;
  /** A payment charged through a card processor (it may be refunded to the card). */
  byCardProcessor: boolean;
};

/**
 * A stored entry's columns, for a select from `ledger_entries e` and for an insert's
 * `returning` alike, so that what a write answers is what a read would.
 */
const storedColumns = sql`e.id as "entryId", e.kind, e.amount_cents as "amountCents",
  e.reverses_id as "reversesId", to_char(e.date_of_service, 'YYYY-MM-DD') as "dateOfService",
  e.cpt_code as "cptCode", e.units, e.client_part_cents as "clientPartCents",
  e.insurer_part_cents as "insurerPartCents", e.payment_source as "paymentSource",
  e.payment_method as "paymentMethod", e.reference, e.payment_id as "paymentId",
  e.charge_id as "chargeId", e.adjustment_kind as "adjustmentKind", e.notation,
  e.created_at as "createdAt",
  (select nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
    from users u where u.id = e.created_by_user_id) as "createdBy",
  -- Through the payment's charge by its unique index (0052).
  (e.kind = 'payment' and exists (select 1 from card_charges c where c.payment_entry_id = e.id))
    as "byCardProcessor"`;

/**
 * Every entry of one client, oldest first. `lock` first takes the client's row lock, so the
 * rules are checked against a ledger no one else is writing to (two payments at once for the
 * same client wait for each other; other clients' ledgers are not held up).
 */
export async function clientEntries(
  db: Db,
  practiceId: number,
  clientId: number,
  options: { lock: boolean },
): Promise<StoredEntry[]> {
  if (options.lock) {
    await preparedRowsOf(
      db,
      sql`select 1 from clients where id = ${clientId} and practice_id = ${practiceId} for update`,
    );
  }
  return preparedRowsOf<StoredEntry>(
    db,
    sql`select ${storedColumns} from ledger_entries e
        where e.client_id = ${clientId} and e.practice_id = ${practiceId}
        order by e.id`,
  );
}

/** One stored entry as the domain's rules read it. */
export function toLedgerEntry(e: StoredEntry): LedgerEntry {
  const base = { id: e.entryId, amountCents: e.amountCents, reversesId: e.reversesId };
  switch (e.kind) {
    case 'charge':
      return { ...base, kind: 'charge', dateOfService: e.dateOfService ?? '' };
    case 'payment':
      return {
        ...base,
        kind: 'payment',
        source: e.paymentSource ?? 'client',
        method: e.paymentMethod ?? 'cash',
      };
    case 'allocation':
      return {
        ...base,
        kind: 'allocation',
        paymentId: e.paymentId ?? 0,
        chargeId: e.chargeId ?? 0,
      };
    case 'adjustment':
      return {
        ...base,
        kind: 'adjustment',
        chargeId: e.chargeId ?? 0,
        adjustmentKind: e.adjustmentKind ?? 'discount',
      };
    case 'refund':
      return { ...base, kind: 'refund', paymentId: e.paymentId ?? 0 };
  }
}

/** The domain's view of stored entries, for its rules and sums. */
export function ledgerOf(entries: readonly StoredEntry[]): Ledger {
  return new Ledger(entries.map(toLedgerEntry));
}

/** A new entry: its kind, amount and whichever links and facts its kind carries. */
export type NewEntry = {
  kind: LedgerEntry['kind'];
  amountCents: number;
  reversesId?: number | null;
  dateOfService?: string | null;
  attendeeId?: number | null;
  productId?: number | null;
  cptCode?: string | null;
  units?: number | null;
  clientPartCents?: number | null;
  insurerPartCents?: number | null;
  paymentSource?: string | null;
  paymentMethod?: string | null;
  reference?: string | null;
  paymentId?: number | null;
  chargeId?: number | null;
  adjustmentKind?: string | null;
  notation?: string | null;
  idempotencyKey?: string | null;
  /** When it happened, if not now: see EntryOwner's `at`. */
  at?: Date | undefined;
};

/**
 * Who writes, for whom. `at` dates the entries when they are history entered after the fact
 * (the demo's past months); the app leaves it out and the database's clock dates them, so an
 * entry is never dated by a browser.
 */
export type EntryOwner = {
  practiceId: number;
  clientId: number;
  userId: number | null;
  at?: Date | undefined;
};

const entryValues = (owner: EntryOwner, e: NewEntry) =>
  sql`(${owner.practiceId}, ${owner.clientId}, ${e.kind}, ${e.amountCents},
    ${e.reversesId ?? null}, ${e.dateOfService ?? null}, ${e.attendeeId ?? null},
    ${e.productId ?? null}, ${e.cptCode ?? null}, ${e.units ?? null},
    ${e.clientPartCents ?? null}, ${e.insurerPartCents ?? null}, ${e.paymentSource ?? null},
    ${e.paymentMethod ?? null}, ${e.reference ?? null}, ${e.paymentId ?? null},
    ${e.chargeId ?? null}, ${e.adjustmentKind ?? null}, ${e.notation ?? null},
    ${e.idempotencyKey ?? null}, ${owner.userId},
    coalesce(${(e.at ?? owner.at)?.toISOString() ?? null}::timestamptz, now()))`;

/** Appends entries in one statement; answers them as stored, in order. */
export async function appendStoredEntries(
  db: Db,
  owner: EntryOwner,
  entries: readonly NewEntry[],
): Promise<StoredEntry[]> {
  if (entries.length === 0) return [];
  return preparedRowsOf<StoredEntry>(
    db,
    sql`insert into ledger_entries as e (practice_id, client_id, kind, amount_cents, reverses_id,
          date_of_service, attendee_id, product_id, cpt_code, units, client_part_cents,
          insurer_part_cents, payment_source, payment_method, reference, payment_id, charge_id,
          adjustment_kind, notation, idempotency_key, created_by_user_id, created_at)
        values ${sql.join(
          entries.map((e) => entryValues(owner, e)),
          sql`, `,
        )}
        returning ${storedColumns}`,
  );
}

/** Appends entries in one statement; answers their ids in order. */
export async function appendEntries(
  db: Db,
  owner: EntryOwner,
  entries: readonly NewEntry[],
): Promise<number[]> {
  return (await appendStoredEntries(db, owner, entries)).map((e) => e.entryId);
}

/** Appends an entry; answers its id. */
export async function appendEntry(db: Db, owner: EntryOwner, e: NewEntry): Promise<number> {
  const [id] = await appendEntries(db, owner, [e]);
  if (id === undefined) throw new Error('ledger entry not written');
  return id;
}

/** The entry a key already recorded in the practice, if any (a repeated submission). */
export async function entryByKey(
  db: Db,
  practiceId: number,
  idempotencyKey: string,
): Promise<{ id: number; clientId: number } | undefined> {
  const [row] = await preparedRowsOf<{ id: number; clientId: number }>(
    db,
    sql`select id, client_id as "clientId" from ledger_entries
        where practice_id = ${practiceId} and idempotency_key = ${idempotencyKey}`,
  );
  return row;
}
