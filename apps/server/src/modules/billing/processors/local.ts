import { VALIDATION_MESSAGES, cardExpiration } from '@openpractice/domain';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import { ProcessorRefusal, type CardFacts, type CardProcessorAdapter } from './types.ts';

/**
 * The local processor (design: never a silent fake). It does the real work a processor does
 * that needs no bank: it checks the card (Luhn, expiry, CVC), keeps a token in its own vault
 * tables instead of the number, keeps charges under our idempotency key, and accepts or
 * declines by the test card numbers processors publish. No money moves, and the UI says so.
 * Its tables join the request's transaction, so a refused request leaves nothing behind.
 */

export const LOCAL_MESSAGES = {
  number: 'Your card number is incorrect.',
  cvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficient: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  unknownToken: 'That card is no longer available. Please enter it again.',
} as const;

type Behaviour = 'approve' | 'decline' | 'decline_on_charge' | 'insufficient';

/** The test numbers (the same as Stripe's, so staff learn one set). Any other valid number approves. */
export const LOCAL_TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient',
  // Saves, then declines when charged: a card that went bad after it was kept.
  '4000000000000341': 'decline_on_charge',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65)/.test(digits)) return 'Discover';
  return 'Card';
}

/** The card as typed, checked; throws the processor's message naming the field. */
export function checkCard(
  input: { number: string; expiration: string; cvc: string },
  now: Date,
): { digits: string; expMonth: number; expYear: number } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    throw new ProcessorRefusal(LOCAL_MESSAGES.number, 'number');
  const expiryMessage = cardExpiration(now)(input.expiration);
  // The validator lets an empty field pass (it is for optional fields); a card needs one.
  if (expiryMessage !== true || input.expiration === '')
    throw new ProcessorRefusal(VALIDATION_MESSAGES.cardExpiration, 'expiration');
  if (!/^\d{3,4}$/.test(input.cvc)) throw new ProcessorRefusal(LOCAL_MESSAGES.cvc, 'cvc');
  const [month, year] = input.expiration.split('/');
  return { digits, expMonth: Number(month), expYear: 2000 + Number(year) };
}

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type VaultRow = {
  token: string;
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: Behaviour;
};

/** Tokenises a checked card into the vault: what stays is the token and what may be shown. */
export async function tokeniseLocalCard(
  db: Db,
  practiceId: number,
  input: { number: string; expiration: string; cvc: string },
  now: Date,
): Promise<CardFacts> {
  const card = checkCard(input, now);
  const facts: CardFacts = {
    cardRef: newRef('lpm'),
    brand: brandOf(card.digits),
    last4: card.digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
  await db.execute(sql`insert into local_processor_cards
      (token, practice_id, brand, last4, exp_month, exp_year, behaviour)
    values (${facts.cardRef}, ${practiceId}, ${facts.brand}, ${facts.last4}, ${facts.expMonth},
      ${facts.expYear}, ${LOCAL_TEST_CARDS[card.digits] ?? 'approve'})`);
  return facts;
}

export function localProcessor(db: Db, practiceId: number, now: () => Date): CardProcessorAdapter {
  const vaultCard = async (token: string): Promise<VaultRow> => {
    const [row] = await rowsOf<VaultRow>(
      db,
      sql`select token, customer_ref as "customerRef", brand, last4, exp_month as "expMonth",
            exp_year as "expYear", behaviour
          from local_processor_cards
          where token = ${token} and practice_id = ${practiceId} and detached_at is null`,
    );
    if (!row) throw new ProcessorRefusal(LOCAL_MESSAGES.unknownToken, 'token');
    return row;
  };
  const expired = (card: VaultRow) => {
    const today = now();
    const month = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
    return card.expYear * 12 + card.expMonth < month;
  };

  return {
    kind: 'local',
    createCustomer: () => Promise.resolve(newRef('lcus')),
    startSetup: () => Promise.resolve(null),

    async saveCard(customerRef, token) {
      const card = await vaultCard(token);
      if (card.customerRef !== null && card.customerRef !== customerRef)
        throw new ProcessorRefusal(LOCAL_MESSAGES.unknownToken, 'token');
      // As a processor confirms a set-up with the bank: a declined card is not kept.
      if (card.behaviour === 'decline' || card.behaviour === 'insufficient')
        throw new ProcessorRefusal(LOCAL_MESSAGES.declined);
      if (expired(card)) throw new ProcessorRefusal(LOCAL_MESSAGES.expired);
      await db.execute(
        sql`update local_processor_cards set customer_ref = ${customerRef} where token = ${token}`,
      );
      const { token: cardRef, brand, last4, expMonth, expYear } = card;
      return { cardRef, brand, last4, expMonth, expYear };
    },

    async updateExpiry(cardRef, expMonth, expYear) {
      await vaultCard(cardRef);
      await db.execute(sql`update local_processor_cards
          set exp_month = ${expMonth}, exp_year = ${expYear} where token = ${cardRef}`);
    },

    async charge(input) {
      const [earlier] = await rowsOf<{ ref: string }>(
        db,
        sql`select ref from local_processor_charges
            where practice_id = ${practiceId} and idempotency_key = ${input.idempotencyKey}`,
      );
      if (earlier) return { ok: true, chargeRef: earlier.ref };
      const card = await vaultCard(input.cardRef);
      if (input.customerRef !== null && card.customerRef !== input.customerRef)
        throw new ProcessorRefusal(LOCAL_MESSAGES.unknownToken, 'cardId');
      if (expired(card))
        return { ok: false, message: LOCAL_MESSAGES.expired, code: 'expired_card' };
      if (card.behaviour === 'insufficient')
        return { ok: false, message: LOCAL_MESSAGES.insufficient, code: 'card_declined' };
      if (card.behaviour !== 'approve')
        return { ok: false, message: LOCAL_MESSAGES.declined, code: 'card_declined' };
      const chargeRef = newRef('lch');
      await db.execute(sql`insert into local_processor_charges
          (ref, practice_id, idempotency_key, token, amount_cents)
        values (${chargeRef}, ${practiceId}, ${input.idempotencyKey}, ${card.token}, ${input.amountCents})`);
      // A one-time token is spent once charged, as at a processor.
      if (card.customerRef === null)
        await db.execute(
          sql`update local_processor_cards set detached_at = ${now()} where token = ${card.token}`,
        );
      return { ok: true, chargeRef };
    },

    async refund(input) {
      const [row] = await rowsOf<{ ref: string }>(
        db,
        sql`update local_processor_charges set refunded_cents = refunded_cents + ${input.amountCents}
            where ref = ${input.chargeRef} and practice_id = ${practiceId}
              and refunded_cents + ${input.amountCents} <= amount_cents
            returning ref`,
      );
      if (!row) throw new ProcessorRefusal('The refund is more than is left of the charge.');
      return newRef('lre');
    },

    async deleteCard(cardRef) {
      await db.execute(sql`update local_processor_cards set detached_at = ${now()}
          where token = ${cardRef} and practice_id = ${practiceId}`);
    },
  };
}
