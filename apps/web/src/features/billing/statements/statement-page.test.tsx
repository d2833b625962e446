import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { billingApi } from '../../../config/paths/api-billing';
import { ClientPickerProvider } from '../../../ui/client-picker';
import { ConfirmDialogHost } from '../../../ui/confirm/confirm-dialog';
import { StatementPage } from './statement-page';

/** The server: answers the batch with its counts and keeps every POST's path. */
function stubServer() {
  const posts: string[] = [];
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
      if (init.method === 'POST') posts.push(path);
      if (path === billingApi.statementBatch) {
        return answer(200, { data: { created: 3, emailed: 2, withoutEmail: 1 } });
      }
      return answer(404, { message: 'Not here.' });
    }),
  );
  return posts;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ClientPickerProvider picker={() => <input aria-label="Client" />}>
        <MemoryRouter initialEntries={['/billing/statement']}>
          <StatementPage />
        </MemoryRouter>
        <ConfirmDialogHost />
      </ClientPickerProvider>
    </QueryClientProvider>,
  );
}

const submit = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatementPage', () => {
  it('asks for the client and a period in order, and sends nothing until they are right', () => {
    const posts = stubServer();
    renderPage();
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '' } });
    submit('Make statement');
    expect(screen.getByText('Choose the client.')).toBeTruthy();
    expect(screen.getByText('Enter the last day of the period.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('confirms a batch first; cancelled, nothing is made', async () => {
    const posts = stubServer();
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: /^Every client/ }));
    submit('Make statements');
    const dialog = await screen.findByRole('dialog', { name: 'Make statements for every client?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(posts).toEqual([]);
  });

  it('makes the batch once confirmed and says how many were made and emailed', async () => {
    const posts = stubServer();
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: /^Every client/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email to the responsible party' }));
    submit('Make statements');
    const dialog = await screen.findByRole('dialog', { name: 'Make statements for every client?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make statements' }));
    expect(await screen.findByText(/^3 statements made\. 2 emailed/)).toBeTruthy();
    expect(posts).toEqual([billingApi.statementBatch]);
  });
});
