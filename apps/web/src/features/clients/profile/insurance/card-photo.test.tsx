import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import { ConfirmDialogHost } from '../../../../ui/confirm/confirm-dialog';
import type { CardVersion } from './api/insurance';
import type { ClientInsurance, InsurancePolicy } from './api/types';
import { InsuranceTab } from './insurance-tab';

const paths = apiPaths.insurance;
const TITLE = 'A new insurance card photo was uploaded by the client';
const ARTICLE = 'Aetna (60054), primary';

const POLICY: InsurancePolicy = {
  insuranceId: 11,
  insuranceType: 'PRIMARY',
  isCurrent: true,
  startDate: '2025-01-01',
  endDate: null,
  insuranceNumber: 'W000000002',
  groupNumber: null,
  companyId: 2,
  payerName: 'Aetna',
  payerId: '60054',
  payerLabel: 'Aetna (60054)',
  isActive: true,
  isVerified: true,
  insuranceCardPhotoUrl: '/api/storage/file/current.card',
  insuredRelationship: 'self',
  insuredFirstName: null,
  insuredLastName: null,
  insuredDob: null,
  preAuths: [],
  confirmations: [],
};
// A second policy without a waiting photo: the notice shows on the right one only.
const SECONDARY: InsurancePolicy = {
  ...POLICY,
  insuranceId: 12,
  insuranceType: 'SECONDARY',
  payerName: 'Cigna',
  payerId: '62308',
  payerLabel: 'Cigna (62308)',
  insuranceCardPhotoUrl: null,
};

const INSURANCE = {
  patientId: 1002,
  isInsuranceEnabled: true,
  isPrivatePay: false,
  privatePayChangedOn: null,
  usualFee: null,
  policies: [POLICY, SECONDARY],
  currentPrimaryPolicy: POLICY,
  currentSecondaryPolicy: SECONDARY,
  defaultInsuranceId: 11,
  autoGenClaims: [],
  access: { canEditPolicies: true, canEditBilling: true },
} satisfies ClientInsurance;

const VERSION = {
  versionId: 77,
  insuranceId: 11,
  origin: 'client',
  uploadedAt: '2026-03-02T10:00:00.000Z',
  url: '/api/storage/file/new.card',
} satisfies CardVersion;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server as the tab sees it: a deciding call clears the waiting version, as the server does. */
function stubServer(
  options: {
    insurance?: ClientInsurance;
    versions?: () => Response;
    decide?: () => Response;
  } = {},
) {
  const calls: { path: string; body?: unknown }[] = [];
  let versions: CardVersion[] = [VERSION];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const [path = '', query] = url.split('?');
      const answer = (body: unknown) => Promise.resolve(json(200, body));
      if (path === apiPaths.csrf) return answer({ token: 't', headerName: 'x-csrf-token' });
      calls.push({
        path: query ? `${path}?${query}` : path,
        ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
      });
      if (path === paths.list) return answer(options.insurance ?? INSURANCE);
      if (path === paths.cardVersions)
        return Promise.resolve(options.versions?.() ?? json(200, { data: versions }));
      if (path === paths.acceptCardVersion || path === paths.rejectCardVersion) {
        versions = [];
        return Promise.resolve(options.decide?.() ?? json(200, { status: 'saved' }));
      }
      if (path === apiPaths.eligibility.history)
        return answer({ data: [], timezone: 'America/New_York' });
      return answer({});
    }),
  );
  return calls;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <InsuranceTab patientId={1002} />
          <ConfirmDialogHost />
        </SnackbarProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === paths.list).length;
const decisions = (calls: { path: string; body?: unknown }[]) =>
  calls.filter((c) => c.path === paths.acceptCardVersion || c.path === paths.rejectCardVersion);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// MUI dialogs in jsdom are slow on a busy machine.
describe('Insurance card photo: a new one from the client', { timeout: 20_000 }, () => {
  it('shows the waiting photo on its policy beside the current card; Accept sends it and the tab reloads', async () => {
    const calls = stubServer();
    renderTab();
    const policy = await screen.findByRole('article', { name: ARTICLE });
    const notice = await within(policy).findByRole('region', { name: TITLE });
    expect(within(notice).getByText(TITLE)).toBeTruthy();
    expect(within(notice).getByRole('img').getAttribute('src')).toBe(VERSION.url);
    // The current card stays the policy's card until accepted.
    expect(
      within(policy).getByRole('img', {
        name: 'Insurance card of the primary policy Aetna (60054)',
      }),
    ).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Cigna (62308), secondary' });
    expect(within(other).queryByRole('region', { name: TITLE })).toBeNull();
    expect(calls.find((c) => c.path.startsWith(paths.cardVersions))?.path).toBe(
      `${paths.cardVersions}?patientId=1002`,
    );

    const accept = within(notice).getByRole('button', {
      name: 'Accept the new card photo of the primary policy Aetna (60054)',
    });
    // A native button: reachable with Tab and pressed with Enter or Space.
    accept.focus();
    expect(document.activeElement).toBe(accept);
    const before = listCalls(calls);
    fireEvent.click(accept);

    expect(
      await screen.findByText('The new insurance card photo replaces the old one.'),
    ).toBeTruthy();
    expect(decisions(calls)).toEqual([
      { path: paths.acceptCardVersion, body: { patientId: 1002, versionId: 77 } },
    ]);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    });
    expect(listCalls(calls)).toBeGreaterThan(before);
  });

  it('Reject asks first: Cancel keeps it, Reject removes it', async () => {
    const calls = stubServer();
    renderTab();
    const notice = await screen.findByRole('region', { name: TITLE });
    const reject = within(notice).getByRole('button', {
      name: 'Reject the new card photo of the primary policy Aetna (60054)',
    });

    fireEvent.click(reject);
    let dialog = await screen.findByRole('dialog', {
      name: 'Reject the new insurance card photo?',
    });
    expect(
      within(dialog).getByText(
        'The photo uploaded for the primary policy Aetna (60054) is removed. The current card photo stays.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(decisions(calls)).toEqual([]);
    expect(screen.getByRole('region', { name: TITLE })).toBeTruthy();

    fireEvent.click(reject);
    dialog = await screen.findByRole('dialog', { name: 'Reject the new insurance card photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('The new insurance card photo was rejected and removed.'),
    ).toBeTruthy();
    expect(decisions(calls)).toEqual([
      { path: paths.rejectCardVersion, body: { patientId: 1002, versionId: 77 } },
    ]);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    });
  });

  it('names the link upload apart from the client', async () => {
    stubServer({ versions: () => json(200, { data: [{ ...VERSION, origin: 'link' }] }) });
    renderTab();
    expect(
      await screen.findByRole('region', {
        name: 'A new insurance card photo was uploaded through an upload link by someone not signed in as the user it was issued to',
      }),
    ).toBeTruthy();
  });

  it('says when accepting failed, and reloads (another user may have decided)', async () => {
    stubServer({
      decide: () =>
        json(409, { status: 'error', message: 'Insurance is turned off for this practice.' }),
    });
    renderTab();
    const notice = await screen.findByRole('region', { name: TITLE });
    fireEvent.click(within(notice).getByRole('button', { name: /^Accept/ }));
    expect(
      await screen.findByText(
        'Unable to save insurance card photo. Insurance is turned off for this practice.',
      ),
    ).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    });
  });

  it('says when the waiting photos could not load, with Try again', async () => {
    let fail = true;
    stubServer({
      versions: () =>
        fail ? json(500, { status: 'error', message: 'boom' }) : json(200, { data: [VERSION] }),
    });
    renderTab();
    expect(
      await screen.findByText(
        'Unable to load new insurance card photos from the client. The current card photos are shown; try again, or reload the page if this persists.',
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: TITLE })).toBeTruthy();
  });

  it('is not shown, nor asked for, to users who may not change policies', async () => {
    const calls = stubServer({
      insurance: { ...INSURANCE, access: { canEditPolicies: false, canEditBilling: true } },
    });
    renderTab();
    await screen.findByRole('article', { name: ARTICLE });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(calls.some((c) => c.path.startsWith(paths.cardVersions))).toBe(false);
  });
});
