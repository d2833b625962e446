import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { chartingApi } from '../../../config/paths/api-charting';
import type { ChartingSettings } from './api';
import { CHARTING_SETTINGS_SAVED, ChartingSettingsSection } from './charting-settings';

function stubServer(initial: ChartingSettings) {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const text =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(text, 'http://localhost').pathname;
      const answer = (body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (path === apiPaths.csrf) return answer({ token: 't', headerName: 'x-csrf-token' });
      if (path === chartingApi.charting.settings && init.method === 'PUT') {
        const body = JSON.parse(
          typeof init.body === 'string' ? init.body : '{}',
        ) as ChartingSettings;
        saves.push(body);
        return answer({ data: body });
      }
      if (path === chartingApi.charting.settings) return answer({ data: initial });
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return saves;
}

function renderSection(
  runProtected = vi.fn(async (action: () => Promise<void>) => {
    await action();
    return true;
  }),
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        {/* The section links to the note templates page. */}
        <MemoryRouter>
          <ChartingSettingsSection runProtected={runProtected} />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return runProtected;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Charting settings', () => {
  it('saves the billing rule and an unlock window through the password check', async () => {
    const saves = stubServer({
      signedNoteRequiredForBilling: false,
      noteUnlockPolicy: 'never',
      noteUnlockHours: 24,
    });
    const runProtected = renderSection();
    const save = await screen.findByRole('button', { name: 'Save charting' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(
      screen.getByRole('switch', { name: 'Bill a session only once its note is signed' }),
    );
    fireEvent.click(screen.getByRole('radio', { name: /within a number of hours/ }));
    const hours = screen.getByRole('textbox', { name: 'Hours after signing' });
    fireEvent.change(hours, { target: { value: '0' } });
    expect(screen.getByText('Enter a whole number of hours from 1 to 8760.')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(save);
    await screen.findByText(CHARTING_SETTINGS_SAVED);
    expect(runProtected).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(saves).toEqual([
        { signedNoteRequiredForBilling: true, noteUnlockPolicy: 'within', noteUnlockHours: 48 },
      ]);
    });
  });

  it('saves nothing when the password check is cancelled', async () => {
    const saves = stubServer({
      signedNoteRequiredForBilling: false,
      noteUnlockPolicy: 'never',
      noteUnlockHours: 24,
    });
    renderSection(vi.fn(() => Promise.resolve(false)));
    fireEvent.click(await screen.findByRole('radio', { name: /at any time/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save charting' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(saves).toEqual([]);
    expect(screen.queryByText(CHARTING_SETTINGS_SAVED)).toBeNull();
  });
});
