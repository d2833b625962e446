import { VALIDATION_MESSAGES, cardExpiration } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { idArray } from '../../platform/sql.ts';
import {
  cardOf,
  customerRefOf,
  keepCustomerRef,
  processorById,
  processorServing,
  setDefaultCard,
} from './cards-store.ts';
import {
  adapterFor,
  type CardProcessorAdapter,
  type ProcessorSetting,
} from './processors/index.ts';
import { tokeniseLocalCard } from './processors/local.ts';
import { ProcessorRefusal, ProcessorUnavailable, type CardFacts } from './processors/types.ts';

/**
 * Saved cards and processor settings (issue 19 items 5 and 6). What goes to a processor is
 * opaque: our practice and client ids, never a name or anything clinical.
 */

export const CARD_SERVICE_MESSAGES = {
  noCard: 'We could not find that card.',
  noProcessor: 'We could not find that card processor.',
  notServing: "That card processor does not serve this client's therapists.",
  therapist: 'That therapist is not one of the processor’s therapists for this client.',
  localNotHere: 'Cards are entered on the local processor only when the practice uses it.',
} as const;

/** Who acts, for which client: the same owner the ledger takes. */
/** As the ledger's owner: a card payment is a ledger write (`at` dates demo history). */
export type CardOwner = {
  practiceId: number;
  clientId: number;
  userId: number | null;
  at?: Date | undefined;
};

/**
 * A processor's refusal as the person sees it, in the processor's own words: 400 when a field
 * was wrong (a mistyped number), 402 when the card itself was refused.
 */
export async function asking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProcessorRefusal)
      throw new AppError(error.field ? 400 : 402, error.message, error.field);
    if (error instanceof ProcessorUnavailable) throw new AppError(503, error.message);
    throw error;
  }
}

async function servingProcessor(
  db: Db,
  owner: CardOwner,
  processorId: number,
): Promise<ProcessorSetting> {
  const setting = await processorServing(db, owner.practiceId, owner.clientId, processorId);
  if (!setting) {
    const exists = await processorById(db, owner.practiceId, processorId);
    if (!exists) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
    throw badRequest(CARD_SERVICE_MESSAGES.notServing, 'processorId');
  }
  return setting;
}

/** The client's customer id at the processor, made on first use. */
async function customerAt(
  db: Db,
  owner: CardOwner,
  setting: ProcessorSetting,
  adapter: CardProcessorAdapter,
): Promise<string> {
  const known = await customerRefOf(db, setting.processorId, owner.clientId);
  if (known) return known;
  const ref = await asking(() =>
    adapter.createCustomer(
      { practice: String(owner.practiceId), client: String(owner.clientId) },
      // The same client at the same processor is one customer, even if asked twice at once.
      `op-customer:${setting.processorId}:${owner.clientId}`,
    ),
  );
  await keepCustomerRef(db, setting.processorId, owner.clientId, ref);
  return ref;
}

export async function startCardSetup(
  db: Db,
  owner: CardOwner,
  processorId: number,
  now: () => Date,
): Promise<{ processorKind: 'local' | 'stripe'; clientSecret: string | null }> {
  const setting = await servingProcessor(db, owner, processorId);
  const adapter = adapterFor(db, setting, now);
  const customer = await customerAt(db, owner, setting, adapter);
  return {
    processorKind: setting.kind,
    clientSecret: await asking(() => adapter.startSetup(customer)),
  };
}

/** Keeps a card the processor tokenised; the first card (or one asked to be) is the default. */
export async function createCustomerCard(
  db: Db,
  owner: CardOwner,
  input: {
    processorId: number;
    token: string;
    therapistId?: number | undefined;
    isDefault: boolean;
  },
  now: () => Date,
): Promise<void> {
  const setting = await servingProcessor(db, owner, input.processorId);
  if (input.therapistId !== undefined) {
    const [served] = await rowsOf<{ ok: boolean }>(
      db,
      sql`select true as ok from client_therapists ct
          where ct.client_id = ${owner.clientId} and ct.therapist_id = ${input.therapistId}
            and (${setting.allTherapists} or ct.therapist_id = any(${idArray(setting.therapistIds)}))`,
    );
    if (!served) throw badRequest(CARD_SERVICE_MESSAGES.therapist, 'therapistId');
  }
  const adapter = adapterFor(db, setting, now);
  const customer = await customerAt(db, owner, setting, adapter);
  const facts: CardFacts = await asking(() => adapter.saveCard(customer, input.token));
  const [{ count } = { count: 0 }] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from saved_cards
        where client_id = ${owner.clientId} and practice_id = ${owner.practiceId} and deleted_at is null`,
  );
  const [card] = await rowsOf<{ id: number }>(
    db,
    sql`insert into saved_cards (practice_id, client_id, processor_id, therapist_id, card_ref,
          brand, last4, exp_month, exp_year)
        values (${owner.practiceId}, ${owner.clientId}, ${setting.processorId},
          ${input.therapistId ?? null}, ${facts.cardRef}, ${facts.brand}, ${facts.last4},
          ${facts.expMonth}, ${facts.expYear})
        on conflict (processor_id, card_ref) do nothing
        returning id`,
  );
  if (card && (input.isDefault || count === 0))
    await setDefaultCard(db, owner.practiceId, owner.clientId, card.id);
}

/** Spec-2 §7 paymentCard/save: the default card, or a renewed card's expiry. */
export async function updateCard(
  db: Db,
  owner: CardOwner,
  input: { cardId: number; isDefault?: boolean | undefined; expiration?: string | undefined },
  now: () => Date,
): Promise<void> {
  const card = await cardOf(db, owner.practiceId, owner.clientId, input.cardId);
  if (!card) throw notFound(CARD_SERVICE_MESSAGES.noCard);
  if (input.expiration !== undefined) {
    if (input.expiration === '' || cardExpiration(now())(input.expiration) !== true)
      throw badRequest(VALIDATION_MESSAGES.cardExpiration, 'expiration');
    const [month, year] = input.expiration.split('/').map(Number);
    const expMonth = month ?? 0;
    const expYear = 2000 + (year ?? 0);
    // Spec-2: an unchanged card is not sent again.
    if (expMonth !== card.expMonth || expYear !== card.expYear) {
      const setting = await processorById(db, owner.practiceId, card.processorId);
      if (!setting) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
      await asking(() =>
        adapterFor(db, setting, now).updateExpiry(card.cardRef, expMonth, expYear),
      );
      await db.execute(sql`update saved_cards set exp_month = ${expMonth}, exp_year = ${expYear},
          updated_at = now() where id = ${card.cardId}`);
    }
  }
  if (input.isDefault === true && !card.isDefault)
    await setDefaultCard(db, owner.practiceId, owner.clientId, card.cardId);
  if (input.isDefault === false && card.isDefault)
    await db.execute(sql`update saved_cards set is_default = false, updated_at = now()
        where id = ${card.cardId}`);
}

/** Removes the card at the processor, then here; the default passes to the newest left. */
export async function deleteCard(
  db: Db,
  owner: CardOwner,
  cardId: number,
  now: () => Date,
): Promise<void> {
  const card = await cardOf(db, owner.practiceId, owner.clientId, cardId);
  if (!card) throw notFound(CARD_SERVICE_MESSAGES.noCard);
  const setting = await processorById(db, owner.practiceId, card.processorId);
  if (setting) await asking(() => adapterFor(db, setting, now).deleteCard(card.cardRef));
  await db.execute(sql`update saved_cards set deleted_at = ${now()}, is_default = false,
      updated_at = now() where id = ${card.cardId}`);
  if (card.isDefault) await setDefaultCard(db, owner.practiceId, owner.clientId, null);
}

/** The local processor's tokenising call; only for a practice's own local processor. */
export async function tokeniseOnLocalProcessor(
  db: Db,
  practiceId: number,
  input: { processorId: number; number: string; expiration: string; cvc: string },
  now: Date,
): Promise<CardFacts> {
  const setting = await processorById(db, practiceId, input.processorId);
  if (!setting) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
  if (setting.kind !== 'local' || !setting.active)
    throw badRequest(CARD_SERVICE_MESSAGES.localNotHere, 'processorId');
  return asking(() => tokeniseLocalCard(db, practiceId, input, now));
}

/** Creates or changes a processor of the practice and the therapists it serves. */
export async function saveProcessor(
  db: Db,
  practiceId: number,
  input: {
    processorId?: number | undefined;
    kind: 'local' | 'stripe';
    name: string;
    accountRef: string | null;
    allTherapists: boolean;
    therapistIds: number[];
    feePercentBp: number;
    feeFixedCents: number;
    active: boolean;
  },
): Promise<number> {
  const therapistIds = [...new Set(input.therapistIds)];
  if (therapistIds.length > 0) {
    const [{ known } = { known: 0 }] = await rowsOf<{ known: number }>(
      db,
      sql`select count(*)::int as known from therapists
          where practice_id = ${practiceId} and id = any(${idArray(therapistIds)})`,
    );
    if (known !== therapistIds.length)
      throw badRequest('One of those therapists is not in this practice.', 'therapistIds');
  }
  const accountRef = input.kind === 'stripe' ? input.accountRef : null;
  let processorId = input.processorId;
  if (processorId === undefined) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`insert into card_processors (practice_id, kind, name, account_ref, all_therapists,
            fee_percent_bp, fee_fixed_cents, active)
          values (${practiceId}, ${input.kind}, ${input.name}, ${accountRef}, ${input.allTherapists},
            ${input.feePercentBp}, ${input.feeFixedCents}, ${input.active})
          returning id`,
    );
    processorId = row?.id ?? 0;
  } else {
    const existing = await processorById(db, practiceId, processorId);
    if (!existing) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
    // A processor keeping cards cannot become another kind: the cards' tokens are its own.
    if (existing.kind !== input.kind)
      throw badRequest('A processor cannot change its kind; add a new one instead.', 'kind');
    await db.execute(sql`update card_processors set name = ${input.name},
        account_ref = ${accountRef}, all_therapists = ${input.allTherapists},
        fee_percent_bp = ${input.feePercentBp}, fee_fixed_cents = ${input.feeFixedCents},
        active = ${input.active}
      where id = ${processorId} and practice_id = ${practiceId}`);
    await db.execute(
      sql`delete from card_processor_therapists where processor_id = ${processorId}`,
    );
  }
  if (!input.allTherapists && therapistIds.length > 0)
    await db.execute(sql`insert into card_processor_therapists (processor_id, therapist_id)
        select ${processorId}, unnest(${idArray(therapistIds)})`);
  return processorId;
}
