import type { SavedCard } from '@openpractice/contracts/billing/cards';
import { cardExpiry } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ProcessorSetting } from './processors/index.ts';

/** Queries of saved cards and processor settings; every one is scoped by practice. */

const processorColumns = sql`p.id as "processorId", p.practice_id as "practiceId", p.kind,
  p.name, p.account_ref as "accountRef", p.all_therapists as "allTherapists",
  p.fee_percent_bp as "feePercentBp", p.fee_fixed_cents as "feeFixedCents", p.active,
  p.publishable_key as "publishableKey", p.secret_key_sealed as "secretKeySealed",
  p.webhook_secret_sealed as "webhookSecretSealed", p.account_label as "accountLabel",
  p.live_mode as "liveMode", p.connected_at as "connectedAt",
  coalesce((select array_agg(pt.therapist_id order by pt.therapist_id)
            from card_processor_therapists pt where pt.processor_id = p.id), '{}') as "therapistIds"`;

/**
 * The practice's processors; with a client, only the active ones serving one of the client's
 * therapists (spec-2 §6: the therapist-specific processors available are those of the
 * client's therapists) or serving every therapist.
 */
export function processorsOf(
  db: Db,
  practiceId: number,
  clientId?: number,
): Promise<ProcessorSetting[]> {
  const forClient =
    clientId === undefined
      ? sql`true`
      : sql`p.active and (p.all_therapists or exists (
          select 1 from card_processor_therapists pt
            join client_therapists ct on ct.therapist_id = pt.therapist_id
          where pt.processor_id = p.id and ct.client_id = ${clientId}))`;
  return rowsOf<ProcessorSetting>(
    db,
    sql`select ${processorColumns} from card_processors p
        where p.practice_id = ${practiceId} and ${forClient} order by p.id`,
  );
}

export async function processorServing(
  db: Db,
  practiceId: number,
  clientId: number,
  processorId: number,
): Promise<ProcessorSetting | undefined> {
  const all = await processorsOf(db, practiceId, clientId);
  return all.find((p) => p.processorId === processorId);
}

/**
 * One processor, found by its id and the filter that decides who may find it: the practice for
 * every staff and client call, the processor's kind alone for Stripe's webhook.
 */
async function oneProcessor(
  db: Db,
  processorId: number,
  filter: { practiceId: number } | { kind: 'stripe' },
): Promise<ProcessorSetting | undefined> {
  const scope =
    'practiceId' in filter
      ? sql`p.practice_id = ${filter.practiceId}`
      : sql`p.kind = ${filter.kind}`;
  const [row] = await rowsOf<ProcessorSetting>(
    db,
    sql`select ${processorColumns} from card_processors p where p.id = ${processorId} and ${scope}`,
  );
  return row;
}

export function processorById(
  db: Db,
  practiceId: number,
  processorId: number,
): Promise<ProcessorSetting | undefined> {
  return oneProcessor(db, processorId, { practiceId });
}

/**
 * A processor found by its id alone: only for Stripe's webhook, whose signature (checked with
 * this processor's own secret) is what ties the request to the practice.
 */
export function processorForWebhook(
  db: Db,
  processorId: number,
): Promise<ProcessorSetting | undefined> {
  return oneProcessor(db, processorId, { kind: 'stripe' });
}

export type StoredCard = {
  cardId: number;
  processorId: number;
  therapistId: number | null;
  cardRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  customerRef: string | null;
  kind: 'local' | 'stripe';
};

const cardColumns = sql`c.id as "cardId", c.processor_id as "processorId",
  c.therapist_id as "therapistId", c.card_ref as "cardRef", c.brand, c.last4,
  c.exp_month as "expMonth", c.exp_year as "expYear", c.is_default as "isDefault",
  cc.customer_ref as "customerRef", p.kind`;

const cardJoins = sql`saved_cards c join card_processors p on p.id = c.processor_id
  left join card_customers cc on cc.processor_id = c.processor_id and cc.client_id = c.client_id`;

/** The client's cards, default first, then newest. */
export function cardsOf(db: Db, practiceId: number, clientId: number): Promise<StoredCard[]> {
  return rowsOf<StoredCard>(
    db,
    sql`select ${cardColumns} from ${cardJoins}
        where c.practice_id = ${practiceId} and c.client_id = ${clientId} and c.deleted_at is null
        order by c.is_default desc, c.id desc`,
  );
}

export async function cardOf(
  db: Db,
  practiceId: number,
  clientId: number,
  cardId: number,
): Promise<StoredCard | undefined> {
  const [row] = await rowsOf<StoredCard>(
    db,
    sql`select ${cardColumns} from ${cardJoins}
        where c.id = ${cardId} and c.practice_id = ${practiceId} and c.client_id = ${clientId}
          and c.deleted_at is null`,
  );
  return row;
}

/** MM/YY of a card, and whether it has expired or expires soon (the domain's one rule). */
export function toSavedCard(card: StoredCard, now: Date): SavedCard {
  const expiry = cardExpiry(card, now.toISOString().slice(0, 10));
  return {
    cardId: card.cardId,
    isDefault: card.isDefault,
    cardProcessor: card.processorId,
    cardProcessorKind: card.kind,
    therapistId: card.therapistId,
    brand: card.brand,
    last4: card.last4,
    expiration: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
    expired: expiry.state === 'expired',
    expiresInDays: expiry.expiresInDays,
    expiryState: expiry.state,
  };
}

export async function customerRefOf(
  db: Db,
  processorId: number,
  clientId: number,
): Promise<string | null> {
  const [row] = await rowsOf<{ ref: string }>(
    db,
    sql`select customer_ref as ref from card_customers
        where processor_id = ${processorId} and client_id = ${clientId}`,
  );
  return row?.ref ?? null;
}

export async function keepCustomerRef(
  db: Db,
  processorId: number,
  clientId: number,
  customerRef: string,
): Promise<void> {
  await db.execute(sql`insert into card_customers (processor_id, client_id, customer_ref)
      values (${processorId}, ${clientId}, ${customerRef}) on conflict do nothing`);
}

/** Makes one card the default (and no other), or, with null, the newest remaining card. */
export async function setDefaultCard(
  db: Db,
  practiceId: number,
  clientId: number,
  cardId: number | null,
): Promise<void> {
  await db.execute(sql`update saved_cards set is_default = false, updated_at = now()
      where client_id = ${clientId} and practice_id = ${practiceId} and is_default
        and deleted_at is null`);
  const chosen =
    cardId ??
    sql`(select id from saved_cards where client_id = ${clientId} and practice_id = ${practiceId}
          and deleted_at is null order by id desc limit 1)`;
  await db.execute(sql`update saved_cards set is_default = true, updated_at = now()
      where id = ${chosen} and practice_id = ${practiceId} and deleted_at is null`);
}
