import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { billingApi } from '../../../config/paths/api-billing';
import type { LedgerEntry } from '../api';
import { RefundDialog } from './refund-dialog';

const REFUSED = 'The refund is more than is left of the charge.';

const payment: LedgerEntry = {
  entryId: 21,
  kind: 'payment',
  amountCents: 10000,
  reversesId: null,
  reversed: false,
  dateOfService: null,
  cptCode: null,
  units: null,
  clientPartCents: null,
  insurerPartCents: null,
  paymentSource: 'client',
  paymentMethod: 'card',
  reference: 'Visa ending 4242',
  paymentId: null,
  chargeId: null,
  adjustmentKind: null,
  notation: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  createdBy: null,
  openCents: 0,
  byCardProcessor: true,
};

/** The server: the processor refuses the first refund to the card; keeps every POST. */
function stubServer() {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
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
      if (init.method !== 'POST') return answer(404, { message: 'Not here.' });
      posts.push({
        path,
        body: JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<
          string,
          unknown
        >,
      });
      if (path === billingApi.cardRefunds(3, 21) && posts.length === 1)
        return answer(402, { message: REFUSED });
      return answer(200, { data: { balanceCents: 0, creditCents: 0, entries: [] } });
    }),
  );
  return posts;
}

function renderDialog(entry: LedgerEntry) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RefundDialog
          patientId={3}
          payment={entry}
          paymentName="Payment of 11/21/2026"
          refundableCents={entry.amountCents}
          onClose={onClose}
        />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const refund = (amount: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: /^Refund amount/ }), {
    target: { value: amount },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RefundDialog', () => {
  it('sends a card payment back to its card, showing the processor’s refusal in its words', async () => {
    const posts = stubServer();
    const onClose = renderDialog(payment);
    expect(
      screen.getByRole('radio', { name: 'The original card (Visa ending 4242)' }),
    ).toHaveProperty('checked', true);
    refund('50');
    expect(await screen.findByText(REFUSED)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    refund('50');
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(posts.map((p) => p.path)).toEqual([
      billingApi.cardRefunds(3, 21),
      billingApi.cardRefunds(3, 21),
    ]);
    expect(posts[1]?.body).toMatchObject({ amountCents: 5000 });
    // The same opening, the same key: the retry cannot refund twice.
    expect(posts[1]?.body.idempotencyKey).toBe(posts[0]?.body.idempotencyKey);
  });

  it('may settle a card payment by hand instead', async () => {
    const posts = stubServer();
    const onClose = renderDialog(payment);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash or check, given by hand' }));
    refund('100');
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(posts.map((p) => p.path)).toEqual([billingApi.refunds(3, 21)]);
  });

  it('refunds any other payment by hand, with no card to choose', async () => {
    const posts = stubServer();
    const onClose = renderDialog({ ...payment, paymentMethod: 'cash', byCardProcessor: false });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(/given back by hand/)).toBeTruthy();
    refund('25');
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(posts.map((p) => p.path)).toEqual([billingApi.refunds(3, 21)]);
  });
});
