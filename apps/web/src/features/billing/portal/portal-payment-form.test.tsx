import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import type { PortalAccount, PortalPaymentBody } from './api';
import { CardWarnings } from './card-warnings';
import { PortalPaymentForm } from './portal-payment-form';

const OVER = 'The amount is more than your balance. You can pay up to $75.00.';

const card = (cardId: number, expiryState: 'expired' | 'expiringSoon' | 'current') => ({
  cardId,
  isDefault: cardId === 1,
  cardProcessor: 5,
  cardProcessorKind: 'local' as const,
  therapistId: null,
  brand: 'Visa',
  last4: String(4240 + cardId),
  expiration: '12/26',
  expired: expiryState === 'expired',
  expiresInDays: expiryState === 'expired' ? -3 : expiryState === 'expiringSoon' ? 12 : 400,
  expiryState,
});

const accountOf = (cards: PortalAccount['cards'] = []): PortalAccount => ({
  balanceCents: 7500,
  creditCents: 0,
  payableCents: 7500,
  openCharges: [{ chargeId: 7, dateOfService: '2026-11-20', amountCents: 7500, openCents: 7500 }],
  cards,
  processors: [
    {
      processorId: 5,
      kind: 'local',
      name: 'Local',
      active: true,
      movesMoney: false,
      publishableKey: null,
    },
  ],
});

/** The server: a token for the typed card, refuses the first payment over the balance. */
function stubServer() {
  const posts: PortalPaymentBody[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const text =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(text, 'http://localhost').pathname;
      const answer = (status: number, body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (path === apiPaths.csrf) return answer(200, { token: 't', headerName: 'x-csrf-token' });
      if (path === '/api/billing/portal/localProcessor/tokens')
        return answer(200, {
          data: { token: 'tok_local_1', brand: 'Visa', last4: '4242', expiration: '12/30' },
        });
      if (path === '/api/billing/portal/payments') {
        posts.push(
          JSON.parse(typeof init.body === 'string' ? init.body : '{}') as PortalPaymentBody,
        );
        if (posts.length === 1) return answer(400, { message: OVER, field: 'amountCents' });
        return answer(200, {
          data: { ...accountOf(), balanceCents: 2500, payableCents: 2500 },
          paymentId: 99,
          receipt: { status: 'sent' },
        });
      }
      return answer(404, { message: 'Not here.' });
    }),
  );
  return posts;
}

function renderForm(account: PortalAccount) {
  const onPaid = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PortalPaymentForm account={account} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return onPaid;
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount/ });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalPaymentForm', () => {
  it('starts at the balance and refuses more than it before sending', () => {
    const posts = stubServer();
    renderForm(accountOf());
    expect(amountField()).toHaveProperty('value', '75.00');
    fireEvent.change(amountField(), { target: { value: '75.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $75.01' }));
    expect(screen.getByText('Enter at most $75.00.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('says that the local processor moves no money, and pays with a typed card', async () => {
    const posts = stubServer();
    const onPaid = renderForm(accountOf());
    expect(screen.getByTestId('local-processor-notice').textContent).toContain('no money moves');
    fireEvent.change(amountField(), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiration (MM/YY)' }), {
      target: { value: '12/30' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code' }), {
      target: { value: '123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    // The server's refusal shows on the amount; the next try is a new submission.
    await screen.findByText(OVER);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => {
      expect(onPaid).toHaveBeenCalledOnce();
    });
    expect(posts.map((p) => [p.amountCents, p.token, p.processorId])).toEqual([
      [5000, 'tok_local_1', 5],
      [5000, 'tok_local_1', 5],
    ]);
    expect(posts[0]?.idempotencyKey).not.toBe(posts[1]?.idempotencyKey);
  });

  it('offers saved cards that have not expired, the default first chosen', () => {
    stubServer();
    renderForm(accountOf([card(1, 'expiringSoon'), card(2, 'expired')]));
    expect(screen.getByRole('radio', { name: /^Visa ending 4241/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByRole('radio', { name: /^Visa ending 4242/ })).toBeNull();
  });
});

describe('CardWarnings', () => {
  it('warns of expired and expiring cards only', () => {
    render(
      <CardWarnings cards={[card(1, 'expiringSoon'), card(2, 'expired'), card(3, 'current')]} />,
    );
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'Your Visa ending 4241 expires in 12 days. Please give the practice the new card from your bank before then.',
      'Your Visa ending 4242 has expired. Please give the practice your new card.',
    ]);
  });
});
