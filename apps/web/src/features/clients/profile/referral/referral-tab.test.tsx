import type { ErrorEnvelope, ResponseOf } from '@openpractice/contracts';
import type {
  getFaxTemplate,
  getReferralSource,
  listFaxes,
  listPracticeContacts,
  sendFax,
} from '@openpractice/contracts/clients/profile/referral';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import { ConfirmDialogHost } from '../../../../ui/confirm/confirm-dialog';
import { ReferralTab } from './referral-tab';

const paths = apiPaths.clientProfile;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const GRANT = {
  contactId: 1,
  name: 'Dr. Alan Grant',
  organization: 'Maine Medical Partners',
  phone: '2075550142',
  fax: '2075550143',
  email: null,
  active: true,
  kind: 'physician',
} satisfies ResponseOf<typeof listPracticeContacts>['data'][number];

const TEMPLATE = {
  subject: 'Referral acknowledgement: Margaret Hamilton',
  body: 'Dear Dr. Alan Grant,\n\nThank you for referring Margaret Hamilton.',
  faxNumber: '(207) 555-0143',
  contactName: 'Dr. Alan Grant',
} satisfies ResponseOf<typeof getFaxTemplate>;

const LOGGED_FAX = {
  id: 7,
  faxNumber: '2075550143',
  contactName: 'Dr. Alan Grant',
  subject: TEMPLATE.subject,
  status: 'logged',
  error: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  sentAt: null,
  pdfUrl: '/api/storage/file/abc.def',
} satisfies ResponseOf<typeof listFaxes>['data'][number];

/** The server as the tab sees it; `send` answers the sendFax call. */
function stubServer(options: { source?: typeof GRANT | null; send?: () => Response }) {
  const sent: unknown[] = [];
  let faxes: ResponseOf<typeof listFaxes>['data'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      const answer = (body: unknown, status = 200) => Promise.resolve(json(status, body));
      if (path === apiPaths.csrf) return answer({ token: 't', headerName: 'x-csrf-token' });
      if (path === paths.referralSource)
        return answer({
          referralSource: options.source === undefined ? GRANT : options.source,
        } satisfies ResponseOf<typeof getReferralSource>);
      if (path === paths.practiceContacts)
        return answer({ data: [GRANT] } satisfies ResponseOf<typeof listPracticeContacts>);
      if (path === paths.referralFaxTemplate) return answer(TEMPLATE);
      if (path === paths.referralFaxes)
        return answer({ faxer: 'local', data: faxes } satisfies ResponseOf<typeof listFaxes>);
      if (path === paths.sendReferralFax) {
        sent.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}'));
        const response = options.send?.();
        if (response) return Promise.resolve(response);
        faxes = [LOGGED_FAX];
        return answer({ status: 'logged', faxId: 7 } satisfies ResponseOf<typeof sendFax>);
      }
      return answer({});
    }),
  );
  return sent;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ReferralTab patientId={1002} />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReferralTab fax', () => {
  it('sends the prefilled letter and lists the fax as not sent without a fax service', async () => {
    const sent = stubServer({});
    renderTab();
    const sendFax = await screen.findByRole('button', { name: 'Send fax' });
    expect(await screen.findByText('No faxes sent.')).toBeTruthy();
    fireEvent.click(sendFax);
    const dialog = await screen.findByRole('dialog', { name: 'Send fax to the referral source' });
    const subject = await within(dialog).findByRole('textbox', { name: 'Subject' });
    expect((subject as HTMLInputElement).value).toBe(TEMPLATE.subject);
    const faxNumber = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Fax number' });
    expect(faxNumber.value).toBe('(207) 555-0143');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Fax saved (no fax service configured).')).toBeTruthy();
    expect(sent).toEqual([
      {
        patientId: 1002,
        subject: TEMPLATE.subject,
        body: TEMPLATE.body,
        faxNumber: '(207) 555-0143',
      },
    ]);
    expect(await screen.findByText('Not sent (no fax service configured)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Open PDF/ }).getAttribute('href')).toBe(
      LOGGED_FAX.pdfUrl,
    );
  });

  it('checks the fax number before sending, and says when sending fails', async () => {
    const sent = stubServer({
      send: () =>
        json(502, {
          status: 'error',
          message: 'We could not send the fax. Please try again.',
        } satisfies ErrorEnvelope),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Send fax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send fax to the referral source' });
    const number = await within(dialog).findByRole('textbox', { name: 'Fax number' });
    fireEvent.change(number, { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter fax in valid format.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(number, { target: { value: '(207) 555-0143' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Unable to send fax\./)).toBeTruthy();
    expect(sent).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByRole('dialog', { name: 'Send fax to the referral source' })).toBeTruthy();
    });
  });

  it('says when the referral source has no fax number', async () => {
    stubServer({ source: { ...GRANT, fax: null } as unknown as typeof GRANT });
    renderTab();
    expect(await screen.findByText('The referral source has no fax number.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send fax' })).toBeNull();
  });
});
