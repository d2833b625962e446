import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ResponseOf } from '@openpractice/contracts';
import type { expiringPolicies } from '@openpractice/contracts/insurance-reports';

import { paths } from '../../config/paths';
import { InsuranceReportPage } from './insurance-report-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const policyRow = {
  patientId: 1042,
  clientName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nickName: null,
  accountNumber: 'C000001042',
  payerName: 'Blue Cross Blue Shield of Maine Anthem',
  payerId: '00180',
  payerLabel: 'Blue Cross Blue Shield of Maine Anthem (00180)',
  insuranceId: 9,
  insuranceType: 'PRIMARY',
  insuranceNumber: 'W123456789',
  startDate: '2025-01-01',
  endDate: '2026-03-14',
  daysLeft: 4,
} satisfies ResponseOf<typeof expiringPolicies>['data'][number];

const page = (report: string, data: unknown[], extra: Record<string, unknown> = {}) => ({
  report,
  data,
  total: data.length,
  page: 0,
  pageSize: 50,
  sort: 'endDate',
  direction: 'asc',
  days: 30,
  today: '2026-03-10',
  ...extra,
});

/** Answers each report call with `answer(url)`; returns the URLs asked for. */
function stubServer(answer: (url: URL) => Response) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const text =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(text, 'http://localhost');
      calls.push(url);
      return Promise.resolve(answer(url));
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: paths.insuranceReports.path, Component: InsuranceReportPage },
      { path: paths.client.profile.path, Component: () => <h1>Client record</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InsuranceReportPage', { timeout: 20_000 }, () => {
  it('lists a report with links to the client and the five reports', async () => {
    stubServer(() => json(200, page('expiringPolicies', [policyRow])));
    renderAt(paths.insuranceReports.getHref('expiringPolicies'));
    expect(screen.getByRole('heading', { level: 1, name: 'Expiring policies' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Expiring policies' });
    const link = within(table).getByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/client/1042?tab=insurance');
    // The payer in full: the row has room, so neither its name nor its id is cut (issue 15).
    expect(within(table).getByText('Blue Cross Blue Shield of Maine Anthem (00180)')).toBeTruthy();
    expect(within(table).queryByText(/\.\.\./)).toBeNull();
    expect(within(table).getByText('03/14/2026')).toBeTruthy();
    expect(within(table).getByText('4 days')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Insurance reports' });
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
    expect(
      within(nav).getByRole('link', { name: 'Expiring policies' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('sorts by a column through the address, and marks it with aria-sort', async () => {
    const calls = stubServer((url) =>
      json(
        200,
        page('expiringPolicies', [policyRow], {
          sort: url.searchParams.get('sort'),
          direction: url.searchParams.get('direction'),
        }),
      ),
    );
    const router = renderAt(paths.insuranceReports.getHref('expiringPolicies'));
    const table = await screen.findByRole('table', { name: 'Expiring policies' });
    expect(calls[0]?.searchParams.get('sort')).toBe('endDate');
    expect(calls[0]?.searchParams.get('days')).toBe('30');
    fireEvent.click(within(table).getByRole('button', { name: 'Client' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=client&direction=asc');
    });
    await waitFor(() => {
      expect(calls.at(-1)?.searchParams.get('sort')).toBe('client');
    });
    const header = within(table).getByRole('columnheader', { name: /Client/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: /Client/ }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=client&direction=desc');
    });
  });

  it('says so when a report is empty', async () => {
    stubServer(() => json(200, page('expiringPrecerts', [], { days: 30 })));
    renderAt(paths.insuranceReports.getHref('expiringPrecerts'));
    expect(await screen.findByText('No precerts end in the next 30 days.')).toBeTruthy();
  });

  it('shows an error with Retry, which loads again', async () => {
    let fail = true;
    const calls = stubServer(() =>
      fail
        ? json(500, { status: 'error', message: 'Something went wrong.' })
        : json(200, page('unverifiedPolicies', [], { days: null })),
    );
    renderAt(paths.insuranceReports.getHref('unverifiedPolicies'));
    expect(await screen.findByText(/Unable to load unverified policies\./)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Every active policy is matched to a payer.')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.searchParams.has('days')).toBe(false);
  });

  it('flags precerts with two visits or fewer left', async () => {
    stubServer(() =>
      json(
        200,
        page('visitLimits', [
          {
            ...policyRow,
            preAuthId: 3,
            authNumber: 'PA1',
            authDate: '2026-01-02',
            daysLeft: null,
            endDate: null,
            visitsAuthorized: 10,
            visitsUsed: 8,
            visitsScheduled: 1,
            visitsRemaining: 2,
            nearLimit: true,
          },
        ]),
      ),
    );
    renderAt(paths.insuranceReports.getHref('visitLimits'));
    const table = await screen.findByRole('table', { name: 'Visit limits' });
    expect(within(table).getByText('Nearly used')).toBeTruthy();
    expect(within(table).getByText('No end date')).toBeTruthy();
  });

  it('answers an unknown report with the not-found message', () => {
    stubServer(() => json(200, {}));
    renderAt('/insurance/reports/everything');
    expect(screen.getByRole('heading', { name: "That's not a valid page." })).toBeTruthy();
  });
});
