import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chartingApi } from '../../../config/paths/api-charting';
import { localDraftStore } from '../autosave/local-draft';
import { json, noteFixture, stubNoteServer } from '../note-fixture';
import { noteDraftKey, type NoteDraft } from './draft';
import { NotePage } from './note-page';

const paths = chartingApi.charting;
configure({ asyncUtilTimeout: 6000 });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SnackbarProvider>
          <NotePage patientId={55} noteId={12} timeZone="America/New_York" runProtected={vi.fn()} />
        </SnackbarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const subjective = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: /^Subjective/ });
const status = () => screen.getByRole('status').textContent;
const local = () => localDraftStore<NoteDraft>(noteDraftKey(12)).read();

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Note drafts', { timeout: 30_000 }, () => {
  it('save a pause after typing, each from the version the last save answered', async () => {
    let version = 0;
    const server = stubNoteServer(noteFixture(), {
      [`PUT ${paths.note(12)}`]: () => {
        version += 1;
        return json(200, { updatedAt: `2032-03-08T16:0${version}:00.000Z` });
      },
    });
    renderPage();
    fireEvent.change(await subjective(), { target: { value: 'Slept better.' } });
    expect(status()).toBe('Saving…');
    expect(local()?.value.content).toEqual({ subjective: 'Slept better.' });
    await waitFor(() => {
      expect(status()).toBe('Saved');
    });
    fireEvent.change(await subjective(), { target: { value: 'Slept better this week.' } });
    await waitFor(() => {
      expect(server.sent('PUT', paths.note(12))).toHaveLength(2);
    });
    const bodies = server.sent('PUT', paths.note(12)).map((c) => c.body);
    expect(bodies).toEqual([
      {
        content: { subjective: 'Slept better.' },
        diagnosisCodes: ['F41.1'],
        updatedAt: '2032-03-08T16:00:00.000Z',
      },
      {
        content: { subjective: 'Slept better this week.' },
        diagnosisCodes: ['F41.1'],
        updatedAt: '2032-03-08T16:01:00.000Z',
      },
    ]);
    await waitFor(() => {
      expect(status()).toBe('Saved');
    });
    expect(local()).toBeNull();
  });

  it('keep unsaved text after a network failure and offer it back on the next open', async () => {
    const offline = stubNoteServer(noteFixture(), {
      [`PUT ${paths.note(12)}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const first = renderPage();
    fireEvent.change(await subjective(), { target: { value: 'Typed on the train.' } });
    await waitFor(() => {
      expect(status()).toBe('Not saved — retrying');
    });
    expect(local()?.value.content).toEqual({ subjective: 'Typed on the train.' });
    // Closing the editor tries once more (and fails, still offline).
    const tries = offline.sent('PUT', paths.note(12)).length;
    first.unmount();
    await waitFor(() => {
      expect(offline.sent('PUT', paths.note(12)).length).toBe(tries + 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    vi.unstubAllGlobals();

    const server = stubNoteServer(noteFixture());
    renderPage();
    expect((await subjective()).value).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore unsaved changes' }));
    expect((await subjective()).value).toBe('Typed on the train.');
    expect(screen.queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    await waitFor(() => {
      expect(server.sent('PUT', paths.note(12))).toHaveLength(1);
    });
    await waitFor(() => {
      expect(status()).toBe('Saved');
    });
    expect(local()).toBeNull();
  });

  it('forget a local copy the reader discards, or one that says what the server says', async () => {
    localDraftStore<NoteDraft>(noteDraftKey(12)).write({
      content: { plan: 'Weekly.' },
      diagnoses: [{ code: 'F41.1', description: 'Generalized anxiety disorder' }],
    });
    stubNoteServer(noteFixture({ content: { plan: 'Weekly.' } }));
    renderPage();
    await subjective();
    await waitFor(() => {
      expect(local()).toBeNull();
    });
    expect(screen.queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    cleanup();

    localDraftStore<NoteDraft>(noteDraftKey(12)).write({
      content: { plan: 'Other.' },
      diagnoses: [],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(local()).toBeNull();
    expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /^Plan/ })).value).toBe(
      'Weekly.',
    );
  });
});
