import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { billingApi } from '../../../config/paths/api-billing';
import type { DueNow, PaymentBody } from '../api';
import { MONEY_MESSAGES } from '../logic/money-input';
import { PaymentForm } from './payment-form';

const LEFT_OVER = 'The payment is more than the charges chosen.';

/** What the server says is due: the open charge, and nothing today unless a test adds it. */
const dueOf = (todayCents = 0): DueNow => ({
  patientId: 3,
  balanceCents: 15000,
  creditCents: 0,
  openCharges: [
    {
      chargeId: 7,
      dateOfService: '2026-11-20',
      cptCode: '90834',
      amountCents: 15000,
      openCents: 15000,
    },
  ],
  dueNowCents: 15000 + todayCents,
  chargesDueCents: 15000,
  todayCents,
  sessions:
    todayCents > 0
      ? [{ attendeeId: 9, startAt: '2026-11-21T15:00:00.000Z', clientPartCents: todayCents }]
      : [],
});

/** The server: refuses the first payment on leaveCredit, records the next; keeps every body. */
function stubServer() {
  const posts: PaymentBody[] = [];
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
      if (path === billingApi.payments(3) && init.method === 'POST') {
        posts.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}') as PaymentBody);
        if (posts.length === 1 && posts[0]?.leaveCredit !== true)
          return answer(400, { message: LEFT_OVER, field: 'leaveCredit' });
        return answer(200, {
          data: { patientId: 3, paymentId: 90, balanceCents: -5000, creditCents: 5000 },
          receipt: posts.at(-1)?.emailReceipt ? { status: 'sent' } : null,
        });
      }
      return answer(404, { message: 'Not here.' });
    }),
  );
  return posts;
}

function renderForm(options: { due?: DueNow; cardOnly?: boolean } = {}) {
  const onRecorded = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentForm
        patientId={3}
        due={options.due ?? dueOf()}
        onRecorded={onRecorded}
        cardOnly={options.cardOnly ?? false}
      />
    </QueryClientProvider>,
  );
  return onRecorded;
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount/ });
const submit = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentForm', () => {
  it('starts at what is due and refuses a negative amount before sending', () => {
    const posts = stubServer();
    renderForm();
    expect(amountField()).toHaveProperty('value', '150.00');
    fireEvent.change(amountField(), { target: { value: '-5' } });
    submit();
    expect(screen.getByText(MONEY_MESSAGES.negative)).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('shows the server’s refusal on the credit checkbox, then records with the same key', async () => {
    const posts = stubServer();
    const onRecorded = renderForm();
    fireEvent.change(amountField(), { target: { value: '200' } });
    expect(screen.getByText(/\$50\.00 is more than the chosen charges owe/)).toBeTruthy();
    submit();
    expect(await screen.findByText(LEFT_OVER)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave the rest as credit' }));
    submit();
    await waitFor(() => {
      expect(onRecorded).toHaveBeenCalledTimes(1);
    });
    expect(posts).toHaveLength(2);
    const [first, second] = posts;
    expect(second).toMatchObject({
      amountCents: 20000,
      source: 'client',
      method: 'cash',
      allocations: [{ chargeId: 7, amountCents: 15000 }],
      leaveCredit: true,
    });
    // One form, one key: a retry or a double click is the same submission to the server.
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(onRecorded).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 20000 }));
  });

  it('pays only the charges left checked', async () => {
    const posts = stubServer();
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: /90834 of 11\/20\/2026/ }));
    submit();
    await waitFor(() => {
      expect(posts).toHaveLength(1);
    });
    expect(posts[0]).toMatchObject({ amountCents: 15000, allocations: [], leaveCredit: false });
  });

  it('adds today’s copay to what is due, kept as credit until the session is charged', async () => {
    const posts = stubServer();
    renderForm({ due: dueOf(2500) });
    expect(amountField()).toHaveProperty('value', '175.00');
    expect(screen.getByText(/open charges \$150\.00 and today’s session/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Leave the rest as credit' })).toHaveProperty(
      'checked',
      true,
    );
    submit();
    await waitFor(() => {
      expect(posts).toHaveLength(1);
    });
    expect(posts[0]).toMatchObject({
      amountCents: 17500,
      allocations: [{ chargeId: 7, amountCents: 15000 }],
      leaveCredit: true,
      emailReceipt: false,
    });
  });

  it('asks for a receipt only when “Email a receipt” is checked, and passes on what became of it', async () => {
    const posts = stubServer();
    const onRecorded = renderForm({ due: dueOf(2500) });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email a receipt' }));
    submit();
    await waitFor(() => {
      expect(onRecorded).toHaveBeenCalledTimes(1);
    });
    expect(posts[0]).toMatchObject({ emailReceipt: true });
    expect(onRecorded).toHaveBeenCalledWith(
      expect.objectContaining({ receipt: { status: 'sent' } }),
    );
  });

  it('on the virtual terminal, asks only for a card: no method, no reference', () => {
    stubServer();
    renderForm({ cardOnly: true });
    expect(screen.queryByRole('radio', { name: 'Cash' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Reference/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Charge the card' })).toBeTruthy();
  });
});
