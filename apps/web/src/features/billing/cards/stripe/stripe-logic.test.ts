import type { Stripe } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  STRIPE_MESSAGES,
  StripeUnavailable,
  loadStripeJs,
  paymentElementOptions,
  paymentMethodOutcome,
  setupOutcome,
} from './stripe-logic';

// Stripe.js's loader stands in for js.stripe.com (no module mocks: the suite shares modules).
const loadStripe = vi.fn();

afterEach(() => {
  loadStripe.mockReset();
});

describe('loading Stripe.js', () => {
  it('says plainly when Stripe.js cannot be reached', async () => {
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    await expect(loadStripeJs('pk_test_x', loadStripe)).rejects.toThrow(StripeUnavailable);
    await expect(loadStripeJs('pk_test_x', loadStripe)).rejects.toThrow(STRIPE_MESSAGES.cannotLoad);
  });

  it('treats a load that gives nothing (no window) as not loaded', async () => {
    loadStripe.mockResolvedValue(null);
    await expect(loadStripeJs('pk_test_x', loadStripe)).rejects.toThrow(STRIPE_MESSAGES.cannotLoad);
  });

  it('answers Stripe when it loads, with the practice’s publishable key', async () => {
    const stripe = { confirmSetup: vi.fn() } as unknown as Stripe;
    loadStripe.mockResolvedValue(stripe);
    await expect(loadStripeJs('pk_test_practice', loadStripe)).resolves.toBe(stripe);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_practice');
  });
});

describe('what a confirmation keeps', () => {
  it.each([
    [{ setupIntent: { id: 'seti_1', status: 'succeeded' } }, { ok: true, token: 'seti_1' }],
    [{ setupIntent: { id: 'seti_1', status: 'processing' } }, { ok: true, token: 'seti_1' }],
    [
      { setupIntent: { id: 'seti_1', status: 'requires_action' } },
      { ok: false, message: STRIPE_MESSAGES.notConfirmed },
    ],
    [
      { error: { type: 'card_error', message: 'Your card was declined.' } },
      { ok: false, message: 'Your card was declined.' },
    ],
    [{}, { ok: false, message: STRIPE_MESSAGES.notConfirmed }],
  ])('setup %j', (result, expected) => {
    expect(setupOutcome(result)).toEqual(expected);
  });

  it('sends only the PaymentMethod id for a payment, or Stripe’s message', () => {
    expect(paymentMethodOutcome({ paymentMethod: { id: 'pm_1' } })).toEqual({
      ok: true,
      token: 'pm_1',
    });
    expect(paymentMethodOutcome({ error: { message: 'Your card number is incomplete.' } })).toEqual(
      { ok: false, message: 'Your card number is incomplete.' },
    );
  });

  it('asks the Payment Element for cards in USD cents, confirmed on our server', () => {
    expect(paymentElementOptions(4500)).toEqual({
      mode: 'payment',
      amount: 4500,
      currency: 'usd',
      paymentMethodTypes: ['card'],
      paymentMethodCreation: 'manual',
    });
    // Stripe's minimum charge: the element needs a valid amount before one is typed.
    expect(paymentElementOptions(0).amount).toBe(50);
  });
});
