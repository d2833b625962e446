import type { ResponseOf } from '@openpractice/contracts';
import type { listPracticeSettings } from '@openpractice/contracts/practice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../config/paths';
import { ConfirmDialogHost } from '../../ui/confirm/confirm-dialog';
import { minutesChanged, SETTINGS_SAVED_MESSAGE } from './settings-form';
import { SettingsPage } from './settings-page';

type Settings = ResponseOf<typeof listPracticeSettings>['data'];

/** The practice's settings as the server keeps them; a save answers the saved settings. */
function stubServer() {
  let settings: Settings = {
    practiceName: 'Riverside Counseling',
    timezone: 'America/New_York',
    inactivityLockoutMinutes: 60,
    features: {},
  };
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
      if (path === apiPaths.practiceSettings) return answer({ data: settings });
      if (path === apiPaths.updatePracticeSettings) {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
          inactivityLockoutMinutes: number;
        };
        saves.push(body);
        settings = { ...settings, ...body };
        return answer({ data: settings });
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return saves;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        {/* The password is taken as verified: the protected action just runs. */}
        <SettingsPage
          runProtected={async (action) => {
            await action();
            return true;
          }}
        />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('minutesChanged', () => {
  it.each<[string, number, boolean]>([
    ['60', 60, false],
    [' 060 ', 60, false],
    ['45', 60, true],
    ['0', 60, true],
    ['', 60, true],
    ['abc', 60, true],
  ])('%j against a saved %d: %s', (typed, saved, expected) => {
    expect(minutesChanged(typed, saved)).toBe(expected);
  });
});

describe('SettingsPage Save', () => {
  it('is enabled only while a field differs from what was loaded or last saved', async () => {
    const saves = stubServer();
    renderPage();
    const minutes = await screen.findByLabelText(/Inactivity lock \(minutes\)/);
    const save = () => screen.getByRole('button', { name: 'Save' });
    expect(save()).toHaveProperty('disabled', true);

    fireEvent.change(minutes, { target: { value: '45' } });
    expect(save()).toHaveProperty('disabled', false);
    // Back to what was loaded: nothing to save.
    fireEvent.change(minutes, { target: { value: '60' } });
    expect(save()).toHaveProperty('disabled', true);

    fireEvent.change(minutes, { target: { value: '45' } });
    fireEvent.click(save());
    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(saves).toEqual([{ inactivityLockoutMinutes: 45 }]);
    // Saved: 45 is what the practice has now.
    await waitFor(() => {
      expect(save()).toHaveProperty('disabled', true);
    });
    fireEvent.change(minutes, { target: { value: '60' } });
    expect(save()).toHaveProperty('disabled', false);
  });
});
