/**
 * One interface for every card processor (issue 19 item 6). The rest of billing speaks only
 * to this: which processor a practice uses is a setting, not a code path. Everything sent to a
 * processor is opaque (our ids, never a name, diagnosis, service or therapist): processors are
 * not covered by our business associate agreements.
 */

/** What a processor tells us about a card: enough to show it, never the number. */
export type CardFacts = {
  cardRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** Opaque ids that let someone at the processor find our record; nothing else. */
export type OpaqueRefs = Record<string, string>;

export type ChargeOutcome =
  | { ok: true; chargeRef: string }
  /** The processor's own message for the person at the desk ('Your card was declined.'). */
  | { ok: false; message: string; code: string };

/** A processor refused a request for a reason the person can act on (bad card, bad token). */
export class ProcessorRefusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The processor could not be reached or failed on its side; the same key may be retried. */
export class ProcessorUnavailable extends Error {}

export interface CardProcessorAdapter {
  readonly kind: 'local' | 'stripe';
  /** Makes the client a customer of the processor; answers the processor's customer id. */
  createCustomer(refs: OpaqueRefs, idempotencyKey: string): Promise<string>;
  /** Starts a card set-up the browser completes (Stripe SetupIntent); null when not needed. */
  startSetup(customerRef: string): Promise<string | null>;
  /** Keeps a card the processor tokenised, on the customer; answers what to show of it. */
  saveCard(customerRef: string, token: string): Promise<CardFacts>;
  /** A renewed card's new expiry. */
  updateExpiry(cardRef: string, expMonth: number, expYear: number): Promise<void>;
  /**
   * Charges a saved card (with its customer) or a one-time token, with OUR idempotency key:
   * the same key twice is one charge at the processor, whatever happened in between.
   */
  charge(input: {
    amountCents: number;
    cardRef: string;
    customerRef: string | null;
    idempotencyKey: string;
    refs: OpaqueRefs;
  }): Promise<ChargeOutcome>;
  refund(input: {
    chargeRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<string>;
  deleteCard(cardRef: string): Promise<void>;
}
