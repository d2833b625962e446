import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import { ConfirmDialogHost } from '../../../../ui/confirm/confirm-dialog';
import type { ResponseOf } from '@openpractice/contracts';
import type { postEligibilityRequestHistory } from '@openpractice/contracts/eligibility/checks';
import type { changePrivatePay, updateUsualFee } from '@openpractice/contracts/insurance/billing';
import type { listPracticeInsurance } from '@openpractice/contracts/insurance/payers';
import type { convertInsurance } from '@openpractice/contracts/insurance/policies';

import type { ClientInsurance, InsurancePolicy } from './api/types';
import { InsuranceTab } from './insurance-tab';

const paths = apiPaths.insurance;

const POLICY: InsurancePolicy = {
  insuranceId: 11,
  insuranceType: 'PRIMARY',
  isCurrent: true,
  startDate: '2025-01-01',
  endDate: null,
  insuranceNumber: 'W000000002',
  groupNumber: 'BLU123',
  companyId: 2,
  payerName: 'Blue Cross Blue Shield of Maine Anthem',
  payerId: '00180',
  payerLabel: 'Blue Cross Blue Shield of Maine Anthem (00180)',
  isActive: true,
  isVerified: true,
  insuranceCardPhotoUrl: null,
  insuredRelationship: 'self',
  insuredFirstName: null,
  insuredLastName: null,
  insuredDob: null,
  preAuths: [
    {
      authId: 5,
      userInsuranceId: 11,
      authDate: '2026-02-10',
      authNumber: 'PA-200',
      startDate: '2026-02-12',
      endDate: '2026-08-31',
      visitsAuthorized: 12,
      cptCodes: ['90834'],
      notes: null,
    },
  ],
  confirmations: [],
};

const INSURANCE = {
  patientId: 1002,
  isInsuranceEnabled: true,
  isPrivatePay: false,
  privatePayChangedOn: null,
  usualFee: 15000,
  policies: [POLICY],
  currentPrimaryPolicy: POLICY,
  currentSecondaryPolicy: null,
  defaultInsuranceId: 11,
  autoGenClaims: [
    {
      therapistId: 3,
      therapistName: 'Theresa Quinn',
      autogen: true,
      reason: null,
      changedOn: null,
    },
  ],
  access: { canEditPolicies: true, canEditBilling: true },
} satisfies ClientInsurance;

const CHECKS = {
  data: [
    {
      eligibilityRequestId: 9,
      patientId: 1002,
      createdAt: '2026-03-10T14:00:00.000Z',
      payerId: '00180',
      payerName: 'Blue Cross Blue Shield of Maine Anthem',
      serviceCode: 'MH',
      serviceName: 'Mental health',
      therapistId: 3,
      therapistName: 'Theresa Quinn',
      isDependent: false,
      status: 'COMPLETE',
      coverage: 'active',
      failureMessage: null,
      errorMessage: null,
    },
  ],
  timezone: 'America/New_York',
} satisfies ResponseOf<typeof postEligibilityRequestHistory>;

const PAYERS = {
  data: [
    {
      practice_insurance_id: 1,
      label: 'Aetna',
      displayLabel: 'Aetna (60054)',
      payerId: '60054',
      addressLine1: null,
      city: null,
      state: null,
      zipcode: null,
      phone: null,
      endDate: null,
      therapist_specific: false,
      active: true,
    },
  ],
} satisfies ResponseOf<typeof listPracticeInsurance>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server as the tab sees it; `answers` overrides a call's answer by path. */
function stubServer(answers: Record<string, () => Response> = {}) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      if (path === apiPaths.csrf)
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      if (typeof init.body === 'string') sent.push({ path, body: JSON.parse(init.body) });
      const answer = answers[path];
      if (answer) return Promise.resolve(answer());
      if (path === paths.list) return Promise.resolve(json(200, INSURANCE));
      if (path === apiPaths.eligibility.history) return Promise.resolve(json(200, CHECKS));
      if (path === apiPaths.practiceInsurance) return Promise.resolve(json(200, PAYERS));
      return Promise.resolve(json(200, { status: 'saved' }));
    }),
  );
  return sent;
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// MUI dialogs in jsdom are slow on a busy machine.
describe('InsuranceTab', { timeout: 20_000 }, () => {
  it('lists policies with the payer in full, its name and id uncut', async () => {
    stubServer();
    renderTab();
    const policy = await screen.findByRole('article', {
      name: 'Blue Cross Blue Shield of Maine Anthem (00180), primary',
    });
    expect(
      within(policy).getByText('Blue Cross Blue Shield of Maine Anthem (00180)', {
        selector: 'h4',
      }),
    ).toBeTruthy();
    for (const flag of ['Primary', 'Current', 'Active', 'Verified', 'Default']) {
      expect(within(policy).getByText(flag)).toBeTruthy();
    }
    expect(within(policy).getByText('From 01/01/2025')).toBeTruthy();
    expect(within(policy).getByText('PA-200 · granted 2/10/26')).toBeTruthy();
    expect(within(policy).getByText('No benefits confirmations.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check eligibility' }).getAttribute('href')).toBe(
      '/client/eligibility/1002',
    );
    const checks = await screen.findByRole('list', { name: 'Latest eligibility checks' });
    expect(
      within(checks).getByText('3/10/26 · Blue Cross Blue Shield of Maine Anthem'),
    ).toBeTruthy();
    expect(within(checks).getByText('Mental health · Coverage active')).toBeTruthy();
  });

  it('says when there are no policies', async () => {
    stubServer({
      [paths.list]: () => json(200, { ...INSURANCE, policies: [], currentPrimaryPolicy: null }),
    });
    renderTab();
    expect(await screen.findByText('No insurance policies yet.')).toBeTruthy();
  });

  it("shows 'Unable to load client insurance.' with Try Again, which reloads", async () => {
    let fail = true;
    stubServer({
      [paths.list]: () =>
        fail ? json(500, { status: 'error', message: 'boom' }) : json(200, INSURANCE),
    });
    renderTab();
    expect(await screen.findByText('Unable to load client insurance.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('Blue Cross Blue Shield of Maine Anthem (00180)', { selector: 'h4' }),
    ).toBeTruthy();
  });

  it("converts a policy and says 'Policy converted.'", async () => {
    const sent = stubServer({
      [paths.convertInsurance]: () =>
        json(200, {
          status: 'saved',
          message: 'Policy converted.',
          changes: [],
        } satisfies ResponseOf<typeof convertInsurance>),
    });
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Convert primary policy Blue Cross Blue Shield of Maine Anthem (00180) to secondary',
      }),
    );
    expect(await screen.findByText('Policy converted.')).toBeTruthy();
    expect(sent.find((s) => s.path === paths.convertInsurance)?.body).toEqual({
      patientId: 1002,
      insuranceId: 11,
    });
  });

  it("says 'Unable to add insurance.' with the server's reason when adding fails", async () => {
    stubServer({
      [paths.saveInsurance]: () =>
        json(400, { status: 'error', message: 'This is required.', field: 'insuranceNumber' }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance policy' });
    fireEvent.change(within(dialog).getByLabelText(/Insurance number/), {
      target: { value: 'W1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to add insurance. This is required.')).toBeTruthy();
  });

  it("says 'Unable to save insurance.' when an edit fails", async () => {
    stubServer({ [paths.saveInsurance]: () => json(500, { status: 'error', message: 'x' }) });
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Edit primary policy Blue Cross Blue Shield of Maine Anthem (00180)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit insurance policy' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save insurance.')).toBeTruthy();
  });

  it('checks the form before sending: an end before the start is refused in place', async () => {
    const sent = stubServer();
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: /^Edit primary policy/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit insurance policy' });
    fireEvent.change(within(dialog).getByLabelText('End date'), {
      target: { value: '12/31/2024' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter a date on or after 01/01/2025.'),
    ).toBeTruthy();
    expect(sent.some((s) => s.path === paths.saveInsurance)).toBe(false);
  });

  it('turns private pay on and saves the usual fee in cents', async () => {
    const sent = stubServer({
      [paths.changePrivatePay]: () =>
        json(200, {
          status: 'saved',
          isPrivatePay: true,
          privatePayChangedOn: '2026-03-10',
        } satisfies ResponseOf<typeof changePrivatePay>),
      [paths.updateUsualFee]: () =>
        json(200, { status: 'saved', usualFee: 17550 } satisfies ResponseOf<typeof updateUsualFee>),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('switch', { name: /Private pay/ }));
    await waitFor(() => {
      expect(sent.find((s) => s.path === paths.changePrivatePay)?.body).toMatchObject({
        patientId: 1002,
        isPrivatePay: true,
      });
    });
    const fee = screen.getByLabelText('Usual fee');
    expect((fee as HTMLInputElement).value).toBe('150.00');
    fireEvent.change(fee, { target: { value: '175.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save usual fee' }));
    await waitFor(() => {
      expect(sent.find((s) => s.path === paths.updateUsualFee)?.body).toEqual({
        patientId: 1002,
        usualFee: 17550,
      });
    });
  });

  it("says the spec's message when private pay cannot be changed", async () => {
    stubServer({ [paths.changePrivatePay]: () => json(500, { status: 'error', message: 'x' }) });
    renderTab();
    fireEvent.click(await screen.findByRole('switch', { name: /Private pay/ }));
    expect(
      await screen.findByText("We're sorry, there was a problem turning private pay on/off."),
    ).toBeTruthy();
  });

  it('asks why before turning automatic claims off', async () => {
    const sent = stubServer();
    renderTab();
    fireEvent.click(
      await screen.findByRole('switch', { name: 'Create claims automatically for Theresa Quinn' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop creating claims automatically?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(dialog).findByText('Please say why claims are not created automatically.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Agency bills' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => {
      expect(sent.find((s) => s.path === paths.updateAutoGenClaim)?.body).toMatchObject({
        patientId: 1002,
        therapistId: 3,
        autogen: false,
        reason: 'Agency bills',
      });
    });
  });

  it('with insurance turned off shows private pay only', async () => {
    stubServer({ [paths.list]: () => json(200, { ...INSURANCE, isInsuranceEnabled: false }) });
    renderTab();
    expect(await screen.findByText(/Insurance is turned off for this practice/)).toBeTruthy();
    expect(screen.queryByText('Insurance policies')).toBeNull();
    expect(screen.getByText('Private pay')).toBeTruthy();
    expect(screen.queryByText('Automatic claim creation')).toBeNull();
  });

  it('without billing access shows billing settings read-only', async () => {
    stubServer({
      [paths.list]: () =>
        json(200, { ...INSURANCE, access: { canEditPolicies: true, canEditBilling: false } }),
    });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: /Private pay/ });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save usual fee' })).toBeNull();
  });
});
