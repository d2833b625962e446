import type { ErrorEnvelope, ResponseOf } from '@openpractice/contracts';
import type {
  deleteReasonForAppointment,
  getReasonForAppointment,
  saveReasonForAppointmentToMemo,
} from '@openpractice/contracts/clients/profile/notes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import { ConfirmDialogHost } from '../../../../ui/confirm/confirm-dialog';
import { ReasonTab } from './reason-tab';

const paths = apiPaths.clientProfile;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const failure = () =>
  json(500, { status: 'error', message: 'Something broke.' } satisfies ErrorEnvelope);

/** The server as the tab sees it; each call of interest answers what the test says. */
function stubServer(answers: {
  reason?: () => Response;
  toMemo?: () => Response;
  remove?: () => Response;
}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      calls.push(`${init.method ?? 'GET'} ${path}`);
      if (path === apiPaths.csrf) {
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      }
      if (path === paths.reason) {
        return Promise.resolve(
          answers.reason?.() ??
            json(200, {
              reasonForAppointment: 'Trouble sleeping since May.',
            } satisfies ResponseOf<typeof getReasonForAppointment>),
        );
      }
      if (path === paths.saveReasonToMemo) {
        return Promise.resolve(
          answers.toMemo?.() ??
            json(200, {
              status: 'saved',
              memo: 'Trouble sleeping since May.',
              reasonForAppointment: null,
            } satisfies ResponseOf<typeof saveReasonForAppointmentToMemo>),
        );
      }
      if (path === paths.deleteReason) {
        return Promise.resolve(
          answers.remove?.() ??
            json(200, {
              status: 'saved',
              reasonForAppointment: null,
            } satisfies ResponseOf<typeof deleteReasonForAppointment>),
        );
      }
      return Promise.resolve(json(200, {}));
    }),
  );
  return calls;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ReasonTab patientId={1002} />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReasonTab', () => {
  it('shows the reason and moves it to the memo', async () => {
    const calls = stubServer({});
    renderTab();
    expect(await screen.findByText('Trouble sleeping since May.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save to memo' }));
    expect(await screen.findByText('Saved to client memo.')).toBeTruthy();
    expect(calls).toContain(`POST ${paths.saveReasonToMemo}`);
  });

  it('removes the reason only after a confirmation, and says so when it fails', async () => {
    const calls = stubServer({ remove: failure });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove the reason for appointment?',
    });
    expect(calls).not.toContain(`DELETE ${paths.deleteReason}`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Unable to remove the reason for appointment.')).toBeTruthy();
    expect(calls).toContain(`DELETE ${paths.deleteReason}`);
  });

  it('says when moving it to the memo fails', async () => {
    stubServer({ toMemo: failure });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Save to memo' }));
    expect(await screen.findByText('Unable to save the reason to the memo.')).toBeTruthy();
  });

  it('says when the reason cannot be loaded', async () => {
    stubServer({ reason: failure });
    renderTab();
    expect(await screen.findByText('Unable to load the reason for appointment.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });
});
