import type { ResponseOf } from '@openpractice/contracts';
import type { getCsrfToken } from '@openpractice/contracts/identity';
import type { createSupportTicket } from '@openpractice/contracts/support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { REPORT_SENT_MESSAGE, ReportIssueDialog } from './report-issue-dialog';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function stubServer(ticketAnswer: () => Response) {
  const tickets: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === apiPaths.csrf) {
        const csrf = { token: 't', headerName: 'x-csrf-token' };
        return Promise.resolve(json(200, csrf satisfies ResponseOf<typeof getCsrfToken>));
      }
      if (url === apiPaths.supportTickets) {
        tickets.push(JSON.parse(init.body as string));
        return Promise.resolve(ticketAnswer());
      }
      return Promise.resolve(json(404, { status: 'error', message: `No stub for ${url}` }));
    }),
  );
  return tickets;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <ReportIssueDialog open onClose={onClose} errorText="Cannot read properties of null" />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  api.resetCsrfToken();
});

describe('ReportIssueDialog', () => {
  it('is prefilled with the error and sends it with the page address', async () => {
    const tickets = stubServer(() =>
      json(201, { id: 5 } satisfies ResponseOf<typeof createSupportTicket>),
    );
    const onClose = renderDialog();

    expect(screen.getByRole('dialog', { name: 'Report the Issue' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Subject/).value).toBe(
      'Problem: Cannot read properties of null',
    );
    fireEvent.change(screen.getByLabelText(/Message/), {
      target: { value: 'I clicked Save. Cannot read properties of null' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(REPORT_SENT_MESSAGE)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(tickets).toEqual([
      {
        subject: 'Problem: Cannot read properties of null',
        message: 'I clicked Save. Cannot read properties of null',
        pageUrl: window.location.href,
        errorMessage: 'Cannot read properties of null',
      },
    ]);
  });

  it('needs a message, and shows the server message when sending fails', async () => {
    const tickets = stubServer(() => json(503, { status: 'error', message: 'Support is away.' }));
    const onClose = renderDialog();

    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This is required.')).toBeTruthy();
    expect(tickets).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'It broke.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Support is away.')).toBeTruthy();
    await waitFor(() => {
      expect(tickets).toHaveLength(1);
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
