import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ResponseOf } from '@openpractice/contracts';
import type { listPracticeInsurance } from '@openpractice/contracts/insurance/payers';

import { apiPaths } from '../../config/paths';
import { ConfirmDialogHost } from '../../ui/confirm/confirm-dialog';
import type { Payer } from './api';
import { PracticeInsurancePage } from './practice-insurance-page';

const paths = apiPaths.insuranceReports;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const aetna = {
  practice_insurance_id: 1,
  label: 'Aetna',
  displayLabel: 'Aetna (60054)',
  payerId: '60054',
  addressLine1: 'PO Box 14079',
  city: 'Lexington',
  state: 'KY',
  zipcode: '405124079',
  phone: null,
  endDate: null,
  therapist_specific: false,
  active: true,
} satisfies Payer;

type Call = { method: string; path: string; query: string; body: unknown };

/** A payer list the page reads and changes; `save` decides the answer to a save. */
function stubServer(save: (body: Record<string, unknown>) => Response) {
  const calls: Call[] = [];
  let payers: Payer[] = [aetna];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const text =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(text, 'http://localhost');
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', path: url.pathname, query: url.search, body });
      if (url.pathname === apiPaths.csrf) {
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      }
      if (url.pathname === paths.payers) {
        const all = url.searchParams.get('includeAll') === 'true';
        const answer = {
          data: payers.filter((p) => all || p.active),
        } satisfies ResponseOf<typeof listPracticeInsurance>;
        return Promise.resolve(json(200, answer));
      }
      if (url.pathname === paths.savePayer) {
        const answer = save(body as Record<string, unknown>);
        if (answer.status === 201) {
          payers = [
            ...payers,
            {
              ...aetna,
              practice_insurance_id: 2,
              label: 'Cigna',
              displayLabel: 'Cigna (62308)',
              payerId: '62308',
            },
          ];
        }
        return Promise.resolve(answer);
      }
      if (url.pathname === paths.endPayer) {
        payers = payers.map((p) => ({ ...p, endDate: '2026-03-10', active: false }));
        return Promise.resolve(json(200, payers[0]));
      }
      return Promise.resolve(json(404, { status: 'error', message: 'No such call.' }));
    }),
  );
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <PracticeInsurancePage />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PracticeInsurancePage', { timeout: 20_000 }, () => {
  it('lists the payers and adds one', async () => {
    const calls = stubServer(() => json(201, {}));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Insurance payers' });
    expect(within(table).getByText('PO Box 14079, Lexington, KY 40512-4079')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add payer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payer' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cigna' } });
    fireEvent.change(within(dialog).getByLabelText(/^Payer ID/), { target: { value: '62308' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payer added.')).toBeTruthy();
    expect(await within(table).findByText('Cigna (62308)')).toBeTruthy();
    expect(calls.find((c) => c.path === paths.savePayer)?.body).toMatchObject({
      label: 'Cigna',
      payerId: '62308',
      addressLine1: null,
      therapist_specific: false,
    });
  });

  it('checks the form before sending, and shows a taken payer ID on its field', async () => {
    const calls = stubServer(() =>
      json(409, {
        status: 'error',
        message: 'A payer with that payer ID already exists.',
        field: 'payerId',
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Insurance payers' });
    fireEvent.click(screen.getByRole('button', { name: 'Add payer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payer' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Aetna 2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Payer ID/), { target: { value: '60054' } });
    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: 'Hartford' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The address is all or nothing: the other parts are asked for, nothing is sent.
    expect(await within(dialog).findAllByText('This is required.')).toHaveLength(3);
    expect(calls.some((c) => c.path === paths.savePayer)).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A payer with that payer ID already exists.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add payer' })).toBeTruthy();
  });

  it('ends a payer after confirming, and shows ended ones on request', async () => {
    const calls = stubServer(() => json(201, {}));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Insurance payers' });
    fireEvent.click(within(table).getByRole('button', { name: 'End Aetna (60054)' }));
    const confirm = await screen.findByRole('dialog', { name: 'End Aetna (60054)?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'End payer' }));
    expect(await screen.findByText('Aetna ended.')).toBeTruthy();
    expect(await screen.findByText(/No active payers/)).toBeTruthy();
    expect(calls.find((c) => c.path === paths.endPayer)?.body).toEqual({
      practice_insurance_id: 1,
    });

    fireEvent.click(screen.getByRole('switch', { name: 'Show ended payers' }));
    expect(await screen.findByText('Ended 03/10/2026')).toBeTruthy();
    await waitFor(() => {
      expect(calls.some((c) => c.path === paths.payers && c.query === '?includeAll=true')).toBe(
        true,
      );
    });
    expect(localStorage.getItem('openpractice.practiceSettings.showInactive')).toBe('true');
  });
});
