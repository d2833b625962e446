import type { LedgerEntry } from '@openpractice/domain';
import { Ledger } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
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
  if (options.lock) await lockClientLedger(db, { practiceId, clientId });
  return preparedRowsOf<StoredEntry>(
    db,
    sql`select ${storedColumns} from ledger_entries e
        where e.client_id = ${clientId} and e.practice_id = ${practiceId}
        order by e.id`,
  );
}

/**
 * Takes the client's row lock for the rest of the transaction: writes to one client's ledger
 * wait for each other, and what they read after it is what the others committed.
 */
export async function lockClientLedger(
  db: Db,
  owner: { practiceId: number; clientId: number },
): Promise<void> {
  await preparedRowsOf(
    db,
    sql`select 1 from clients where id = ${owner.clientId} and practice_id = ${owner.practiceId} for update`,
  );
}

/** What of a stored entry the domain's rules read. */
export type RuleFields = Pick<
  StoredEntry,
  | 'entryId'
  | 'kind'
  | 'amountCents'
  | 'reversesId'
  | 'dateOfService'
  | 'paymentSource'
  | 'paymentMethod'
  | 'paymentId'
  | 'chargeId'
  | 'adjustmentKind'
>;

/** One stored entry as the domain's rules read it. */
export function toLedgerEntry(e: RuleFields): LedgerEntry {
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
export function ledgerOf(entries: readonly RuleFields[]): Ledger {
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
  /** An id, or the id a statement's earlier insert answers (a payment with its allocations). */
  paymentId?: number | SQL | null;
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

/** The columns `entryValues` fills, in its order. */
const entryColumns = sql`practice_id, client_id, kind, amount_cents, reverses_id,
  date_of_service, attendee_id, product_id, cpt_code, units, client_part_cents,
  insurer_part_cents, payment_source, payment_method, reference, payment_id, charge_id,
  adjustment_kind, notation, idempotency_key, created_by_user_id, created_at`;

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
    sql`insert into ledger_entries as e (${entryColumns})
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

/**
 * A payment and its allocations in one statement (the allocations name the payment the
 * statement's first insert makes); answers the payment's id. The database's own checks at
 * commit (0044) still hold every allocation within its payment and charge.
 */
export async function appendPaymentWithAllocations(
  db: Db,
  owner: EntryOwner,
  payment: NewEntry,
  allocations: readonly { chargeId: number; amountCents: number }[],
): Promise<number> {
  const allocated =
    allocations.length === 0
      ? sql``
      : sql`, allocated as (insert into ledger_entries (${entryColumns}) values ${sql.join(
          allocations.map((a) =>
            entryValues(owner, {
              kind: 'allocation',
              paymentId: sql`(select id from payment)`,
              ...a,
            }),
          ),
          sql`, `,
        )})`;
  const [row] = await preparedRowsOf<{ paymentId: number }>(
    db,
    sql`with payment as (insert into ledger_entries (${entryColumns})
          values ${entryValues(owner, payment)} returning id)${allocated}
        select id as "paymentId" from payment`,
  );
  if (row === undefined) throw new Error('ledger entry not written');
  return row.paymentId;
}

/** What a payment decides on, read in one statement once the client is locked. */
export type PaymentFacts = {
  /** The entry a key already recorded in the practice (a repeated submission). */
  earlier: { id: number; clientId: number } | null;
  /** The chosen charges with every entry that changes what they owe. */
  charges: RuleFields[];
  balanceCents: number;
  /** Payments not applied: payments less what was applied or refunded of them (Ledger's sum). */
  creditCents: number;
};

/**
 * The facts of a payment for a locked client: the key's earlier entry, the chosen charges
 * with their reversals, allocations and adjustments (so the domain's rules read what each
 * still owes), the client's balance kept by the database, and its credit, all in one
 * statement, however long the client's history.
 */
export async function paymentFacts(
  db: Db,
  owner: EntryOwner,
  /** Null: no key to look for (the standing only). */
  idempotencyKey: string | null,
  chargeIds: readonly number[],
): Promise<PaymentFacts> {
  const ids = `{${chargeIds.join(',')}}`;
  const [row] = await preparedRowsOf<PaymentFacts>(
    db,
    sql`select
          (select json_build_object('id', k.id, 'clientId', k.client_id) from ledger_entries k
            where k.practice_id = ${owner.practiceId} and k.idempotency_key = ${idempotencyKey}) as earlier,
          coalesce((select json_agg(json_build_object('entryId', e.id, 'kind', e.kind,
              'amountCents', e.amount_cents, 'reversesId', e.reverses_id,
              'dateOfService', to_char(e.date_of_service, 'YYYY-MM-DD'),
              'paymentSource', e.payment_source, 'paymentMethod', e.payment_method,
              'paymentId', e.payment_id, 'chargeId', e.charge_id,
              'adjustmentKind', e.adjustment_kind) order by e.id)
            from ledger_entries e
            where e.client_id = ${owner.clientId} and e.practice_id = ${owner.practiceId}
              and (e.id = any(${ids}::int[]) or e.reverses_id = any(${ids}::int[])
                or e.charge_id = any(${ids}::int[]))), '[]') as charges,
          coalesce((select b.balance_cents from ledger_client_balances b
            where b.client_id = ${owner.clientId}), 0)::float8 as "balanceCents",
          (select coalesce(sum(case when c.kind = 'payment' then c.amount_cents
                                    else -c.amount_cents end), 0)
            from ledger_entries c
            where c.client_id = ${owner.clientId} and c.practice_id = ${owner.practiceId}
              and c.kind in ('payment', 'allocation', 'refund'))::float8 as "creditCents"`,
  );
  if (row === undefined) throw new Error('payment facts not read');
  return row;
}
