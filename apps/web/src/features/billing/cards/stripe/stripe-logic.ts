import type { Stripe } from '@stripe/stripe-js';

/**
 * What the Stripe card fields say and decide, apart from React and Stripe.js so it is tested on
 * its own. Stripe.js comes from js.stripe.com at run time (Stripe requires it: the card fields
 * are its frames), so a page that cannot reach it must say so plainly instead of showing
 * nothing.
 */

export const STRIPE_MESSAGES = {
  cannotLoad:
    "Stripe's card fields could not be loaded. Check the internet connection (and that nothing blocks js.stripe.com), then try again.",
  notSetUp:
    'This Stripe processor has no publishable key, so cards cannot be entered through it. The practice owner connects the Stripe account under Card processing.',
  notConfirmed: 'The card was not confirmed. Please enter it again.',
} as const;

export type StripeLoad = (publishableKey: string) => Promise<Stripe | null>;

/** The pure entry injects js.stripe.com only when asked, not on import. */
const fromStripeJs: StripeLoad = async (publishableKey) =>
  (await import('@stripe/stripe-js/pure')).loadStripe(publishableKey);

/** Loads Stripe.js only when a page takes a card through Stripe; never at start-up. */
export async function loadStripeJs(publishableKey: string, load: StripeLoad = fromStripeJs) {
  try {
    const stripe = await load(publishableKey);
    if (!stripe) throw new Error('Stripe.js is not available');
    return stripe;
  } catch {
    // loadStripe caches a failed load; a retry must be able to try again.
    throw new StripeUnavailable(STRIPE_MESSAGES.cannotLoad);
  }
}

export class StripeUnavailable extends Error {}

type StripeErrorLike = { message?: string | undefined; type?: string | undefined };

/**
 * A SetupIntent confirmation's result as what to keep: the SetupIntent id (the server believes
 * only what Stripe says of it), or the message to show. Stripe's own message for a card error
 * (declined, wrong number) is the one a person can act on.
 */
export function setupOutcome(result: {
  error?: StripeErrorLike | undefined;
  setupIntent?: { id: string; status: string } | undefined;
}): { ok: true; token: string } | { ok: false; message: string } {
  if (result.error)
    return { ok: false, message: result.error.message ?? STRIPE_MESSAGES.notConfirmed };
  const intent = result.setupIntent;
  if (!intent || (intent.status !== 'succeeded' && intent.status !== 'processing'))
    return { ok: false, message: STRIPE_MESSAGES.notConfirmed };
  return { ok: true, token: intent.id };
}

/** A PaymentMethod made from the fields for a one-time payment: its id goes to our server. */
export function paymentMethodOutcome(result: {
  error?: StripeErrorLike | undefined;
  paymentMethod?: { id: string } | undefined;
}): { ok: true; token: string } | { ok: false; message: string } {
  if (result.error)
    return { ok: false, message: result.error.message ?? STRIPE_MESSAGES.notConfirmed };
  if (!result.paymentMethod) return { ok: false, message: STRIPE_MESSAGES.notConfirmed };
  return { ok: true, token: result.paymentMethod.id };
}

/**
 * The Payment Element's options for a payment: the amount in cents and USD (spec-1 §9), cards
 * only, and the PaymentIntent made and confirmed on our server with our idempotency key.
 */
export function paymentElementOptions(amountCents: number) {
  return {
    mode: 'payment' as const,
    amount: Math.max(amountCents, 50),
    currency: 'usd',
    paymentMethodTypes: ['card'],
    paymentMethodCreation: 'manual' as const,
  };
}
