import Stripe from 'stripe';
import {
  ProcessorRefusal,
  ProcessorUnavailable,
  type CardFacts,
  type CardProcessorAdapter,
  type ChargeOutcome,
} from './types.ts';

/**
 * Stripe behind the processor interface (issue 19 item 6): SetupIntents keep cards (the
 * Payment Element collects the number, so it never reaches us), PaymentIntents charge with
 * OUR idempotency key (the SDK's own key only covers retries inside one call), refunds, and
 * detaching a card deletes it. Only opaque ids go in metadata: Stripe takes no PHI.
 */

export type StripeConfig = {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Another API address (a local server replaying recorded answers in tests). */
  apiUrl: string | null;
};

const clients = new Map<string, Stripe>();

/** One SDK client per key and address (it keeps its connections). */
export function stripeClient(config: StripeConfig): Stripe {
  const cacheKey = `${config.secretKey}@${config.apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = config.apiUrl ? new URL(config.apiUrl) : null;
    client = new Stripe(config.secretKey, {
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
            protocol: url.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
      // Safe: every write carries our idempotency key, so a retried call is the same call.
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
    clients.set(cacheKey, client);
  }
  return client;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

function factsOf(method: Stripe.PaymentMethod): CardFacts {
  const card = method.card;
  if (!card) throw new ProcessorRefusal('Only cards can be kept here.', 'token');
  return {
    cardRef: method.id,
    brand: BRANDS[card.brand] ?? card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/** The message a person can act on, for every kind of refusal Stripe gives about a card. */
function refusalOf(error: unknown): Error | null {
  if (error instanceof Stripe.errors.StripeCardError) return new ProcessorRefusal(error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return new ProcessorRefusal(error.message, error.param ?? undefined);
  // Our key reused with other details (another card after a decline): the page starts afresh.
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new ProcessorRefusal(IDEMPOTENCY_MESSAGE, 'idempotencyKey');
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return new ProcessorUnavailable(UNAVAILABLE_MESSAGE);
  return null;
}

export const IDEMPOTENCY_MESSAGE =
  'This payment was already sent to the card processor with other details. Reload the page and try again.';
export const UNAVAILABLE_MESSAGE =
  'The card processor could not be reached. Please try again in a moment.';

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** What Stripe says of the account a secret key opens: shown to the owner who connected it. */
export type StripeAccountFacts = { accountId: string; label: string; liveMode: boolean };

export const KEY_MESSAGES = {
  rejected: 'Stripe did not accept that secret key. Copy it again from the Stripe dashboard.',
  modes:
    'The publishable key and the secret key are from different modes (test and live). Use both keys of the same mode.',
} as const;

/**
 * Checks a secret key with a real call (GET /v1/account), as the set-up page must before it
 * keeps anything: a mistyped key fails here, not on a client's first payment.
 */
export async function checkStripeAccount(config: StripeConfig): Promise<StripeAccountFacts> {
  const liveMode = /^(sk|rk)_live_/.test(config.secretKey);
  if (config.publishableKey && config.publishableKey.startsWith('pk_live_') !== liveMode)
    throw new ProcessorRefusal(KEY_MESSAGES.modes, 'publishableKey');
  try {
    const account = await stripeClient(config).accounts.retrieveCurrent();
    const label =
      account.settings?.dashboard.display_name ??
      account.business_profile?.name ??
      account.email ??
      account.id;
    return { accountId: account.id, label, liveMode };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      throw new ProcessorRefusal(KEY_MESSAGES.rejected, 'secretKey');
    if (error instanceof Stripe.errors.StripePermissionError)
      throw new ProcessorRefusal(KEY_MESSAGES.rejected, 'secretKey');
    throw refusalOf(error) ?? error;
  }
}

/** Off-session charges that need the client's bank to confirm fall back to a pay link. */
export const NEEDS_CLIENT_MESSAGE =
  'This card needs the client to confirm the payment with their bank. Send them a pay link instead.';

export function stripeProcessor(
  config: StripeConfig,
  accountRef: string | null,
): CardProcessorAdapter {
  const stripe = stripeClient(config);
  const on = (idempotencyKey?: string): Stripe.RequestOptions => ({
    ...(accountRef ? { stripeAccount: accountRef } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  return {
    kind: 'stripe',

    async createCustomer(refs, idempotencyKey) {
      const customer = await stripe.customers.create({ metadata: refs }, on(idempotencyKey));
      return customer.id;
    },

    async startSetup(customerRef) {
      const intent = await stripe.setupIntents.create(
        { customer: customerRef, usage: 'off_session', allowed_payment_method_types: ['card'] },
        on(),
      );
      return intent.client_secret;
    },

    saveCard: (customerRef, token) =>
      refusing(async () => {
        if (token.startsWith('seti_')) {
          // The browser confirmed the SetupIntent; believe only what Stripe says of it.
          const intent = await stripe.setupIntents.retrieve(
            token,
            { expand: ['payment_method'] },
            on(),
          );
          const method = intent.payment_method;
          if (
            intent.status !== 'succeeded' ||
            intent.customer !== customerRef ||
            method === null ||
            typeof method === 'string'
          )
            throw new ProcessorRefusal('The card was not confirmed. Please enter it again.');
          return factsOf(method);
        }
        if (!token.startsWith('pm_')) throw new ProcessorRefusal('That is not a card.', 'token');
        return factsOf(await stripe.paymentMethods.attach(token, { customer: customerRef }, on()));
      }),

    updateExpiry: (cardRef, expMonth, expYear) =>
      refusing(async () => {
        await stripe.paymentMethods.update(
          cardRef,
          { card: { exp_month: expMonth, exp_year: expYear } },
          on(),
        );
      }),

    charge: (input) => chargeWithStripe(stripe, on(input.idempotencyKey), input),

    refund: (input) =>
      refusing(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: input.chargeRef, amount: input.amountCents },
          on(input.idempotencyKey),
        );
        return refund.id;
      }),

    async deleteCard(cardRef) {
      try {
        await stripe.paymentMethods.detach(cardRef, {}, on());
      } catch (error) {
        // Already gone at Stripe (detached in the dashboard): ours goes too.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
  };
}

/** A PaymentIntent confirmed at once; every kind of card refusal answers the person's message. */
async function chargeWithStripe(
  stripe: Stripe,
  options: Stripe.RequestOptions,
  input: Parameters<CardProcessorAdapter['charge']>[0],
): Promise<ChargeOutcome> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        payment_method: input.cardRef,
        allowed_payment_method_types: ['card'],
        confirm: true,
        metadata: input.refs,
        // A saved card is charged with the client away: the bank may ask for them (below).
        ...(input.customerRef ? { customer: input.customerRef, off_session: true } : {}),
      },
      options,
    );
    if (intent.status === 'succeeded' || intent.status === 'processing')
      return { ok: true, chargeRef: intent.id };
    return { ok: false, message: NEEDS_CLIENT_MESSAGE, code: 'authentication_required' };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const needsClient = error.code === 'authentication_required';
      return {
        ok: false,
        message: needsClient ? NEEDS_CLIENT_MESSAGE : error.message,
        code: error.decline_code,
      };
    }
    throw refusalOf(error) ?? error;
  }
}
