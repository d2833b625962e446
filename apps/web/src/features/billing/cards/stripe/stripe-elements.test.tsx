import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CardProcessor } from '../api';
import { StripeCardSetup, StripeLoaderContext, StripePaymentFields } from './stripe-elements';
import { STRIPE_MESSAGES } from './stripe-logic';

/**
 * Stripe.js cannot load here (no network, as in a blocked office): the card fields say so and
 * offer to try again, and nothing is asked of our server (no customer made for fields that
 * never showed). A Stripe processor without a publishable key says who can fix it.
 */

// Stands in for js.stripe.com through the loader context (no module mocks: the suite shares modules).
const loadStripe = vi.fn();

const stripeProcessor: CardProcessor = {
  processorId: 9,
  kind: 'stripe',
  name: 'Stripe',
  allTherapists: true,
  therapistIds: [],
  feePercentBp: 290,
  feeFixedCents: 30,
  active: true,
  movesMoney: true,
  publishableKey: 'pk_test_practice',
  stripeAccount: null,
};

function renderWith(node: React.ReactNode) {
  const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })));
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StripeLoaderContext value={loadStripe}>{node}</StripeLoaderContext>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  loadStripe.mockReset();
  vi.unstubAllGlobals();
});

describe('Stripe’s card fields', () => {
  it('say clearly when Stripe.js cannot load, ask nothing of our server, and try again', async () => {
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const fetch = renderWith(
      <StripeCardSetup
        patientId={3}
        processor={stripeProcessor}
        onDone={vi.fn()}
        addFailed="Unable to add card."
      />,
    );
    expect(await screen.findByText(STRIPE_MESSAGES.cannotLoad)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(loadStripe).toHaveBeenCalledTimes(2);
    });
  });

  it('say who can fix a Stripe processor with no publishable key, without loading Stripe.js', () => {
    renderWith(
      <StripePaymentFields
        processor={{ ...stripeProcessor, publishableKey: null }}
        amountCents={4500}
        onTokeniser={vi.fn()}
      />,
    );
    expect(screen.getByText(STRIPE_MESSAGES.notSetUp)).toBeTruthy();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
