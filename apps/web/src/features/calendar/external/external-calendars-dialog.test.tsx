import type { ResponseOf } from '@openpractice/contracts';
import type {
  addExternalCalendar,
  getTherapistExternalCalendars,
  removeExternalCalendar,
  syncExternalCalendar,
} from '@openpractice/contracts/calendar/external';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { ConfirmDialogHost } from '../../../ui/confirm/confirm-dialog';
import type { ExternalCalendar } from './api';
import { ExternalCalendarsDialog } from './external-calendars-dialog';

const paths = apiPaths.calendar;

const CALENDAR: ExternalCalendar = {
  id: 5,
  therapistId: 3,
  userId: 42,
  name: 'Personal',
  url: 'https://calendar.example.com/basic.ics',
  color: '#6A1B9A',
  calendarKey: 'theresa@example.com',
  lastSyncedAt: '2026-11-21T16:05:00.000Z',
  lastSyncStatus: 'success',
  lastSyncError: null,
  skipped: false,
  eventCount: 4,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (body: Record<string, unknown>) => Response;

/** The server as the dialog sees it; returns the bodies it received per path. */
function stubServer(handlers: Record<string, Handler>) {
  const received: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      if (path === apiPaths.csrf)
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >;
      (received[path] ??= []).push(body);
      const handler = handlers[path];
      return Promise.resolve(
        handler ? handler(body) : json(404, { status: 'error', message: 'No' }),
      );
    }),
  );
  return received;
}

function renderDialog(onChanged = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ExternalCalendarsDialog open onClose={vi.fn()} onChanged={onChanged} />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return onChanged;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExternalCalendarsDialog', () => {
  it('lists the connected calendars with their last sync state', async () => {
    stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [CALENDAR] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
    });
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Connected calendars' });
    expect(within(list).getByText('Personal')).toBeTruthy();
    expect(within(list).getByText(/^Last synced 11\/21\/2026 at/)).toBeTruthy();
    expect(within(list).getByText(/4 busy items/)).toBeTruthy();
  });

  it('says so when the calendars cannot be loaded', async () => {
    stubServer({
      [paths.externalCalendars]: () => json(500, { status: 'error', message: 'Down' }),
    });
    renderDialog();
    const messages = await screen.findAllByText(
      'Error getting external calendars. Please try again',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('syncs: Starting sync., then Sync complete.', async () => {
    const received = stubServer({
      [paths.externalCalendars]: () =>
        json(200, {
          data: [CALENDAR, { ...CALENDAR, id: 6, name: 'Work' }],
        } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
      [paths.syncExternalCalendar]: () =>
        json(200, {
          status: 'success',
          data: { status: 'success' },
        } satisfies ResponseOf<typeof syncExternalCalendar>),
    });
    const onChanged = renderDialog();
    await screen.findByText('Work');
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Starting sync.')).toBeTruthy();
    expect(await screen.findByText('Sync complete.')).toBeTruthy();
    expect(received[paths.syncExternalCalendar]).toEqual([
      { calendar_id: 5, user_id: 42 },
      { calendar_id: 6, user_id: 42 },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it.each([
    [
      'a legacy failure status',
      () =>
        json(200, {
          status: 'failure',
          data: { status: 'failure', message: 'The calendar address answered 404 (Not Found).' },
        } satisfies ResponseOf<typeof syncExternalCalendar>),
    ],
    ['a refused call', () => json(403, { status: 'error', message: 'Permission denied' })],
  ])('a failed sync (%s) says so', async (_label, answer) => {
    stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [CALENDAR] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
      [paths.syncExternalCalendar]: answer,
    });
    renderDialog();
    await screen.findByText('Personal');
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('We had a problem syncing your external calendars.'),
    ).toBeTruthy();
    expect(screen.queryByText('Sync complete.')).toBeNull();
  });

  it('cannot sync with no calendar', async () => {
    stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
    });
    renderDialog();
    expect(
      await screen.findByText('You have not connected an external calendar yet.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(true);
  });

  it('removes a calendar only after confirmation', async () => {
    const received = stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [CALENDAR] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
      [paths.removeExternalCalendar]: () =>
        json(200, { status: 'success' } satisfies ResponseOf<typeof removeExternalCalendar>),
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Personal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Personal?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Remove Personal?' })).toBeNull();
    });
    expect(received[paths.removeExternalCalendar]).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Personal' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Personal?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('External calendar removed.')).toBeTruthy();
    expect(received[paths.removeExternalCalendar]).toEqual([{ calendar_id: 5 }]);
  });

  it('checks the address before connecting, then shows the server’s reason on the field', async () => {
    const received = stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
      [paths.addExternalCalendar]: () =>
        json(400, {
          status: 'error',
          message:
            'We could not read that calendar. The calendar address answered 404 (Not Found).',
          field: 'url',
        }),
    });
    renderDialog();
    await screen.findByText('You have not connected an external calendar yet.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Personal' },
    });
    const address = screen.getByRole('textbox', { name: 'ICS address' });
    fireEvent.change(address, { target: { value: 'calendar.google.com/basic.ics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect calendar' }));
    expect(
      await screen.findByText('Enter the calendar’s ICS address (http or https).'),
    ).toBeTruthy();
    expect(received[paths.addExternalCalendar]).toBeUndefined();

    fireEvent.change(address, { target: { value: 'webcal://calendar.example.com/missing.ics' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect calendar' }));
    expect(
      await screen.findByText(
        'We could not read that calendar. The calendar address answered 404 (Not Found).',
      ),
    ).toBeTruthy();
    expect(received[paths.addExternalCalendar]).toEqual([
      { name: 'Personal', url: 'webcal://calendar.example.com/missing.ics', color: '#00695C' },
    ]);
  });

  it('connects a calendar and tells the page', async () => {
    stubServer({
      [paths.externalCalendars]: () =>
        json(200, { data: [] } satisfies ResponseOf<typeof getTherapistExternalCalendars>),
      [paths.addExternalCalendar]: () =>
        json(201, {
          status: 'success',
          message: 'External calendar connected.',
          data: CALENDAR,
        } satisfies ResponseOf<typeof addExternalCalendar>),
    });
    const onChanged = renderDialog();
    await screen.findByText('You have not connected an external calendar yet.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Personal' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'ICS address' }), {
      target: { value: 'https://calendar.example.com/basic.ics' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect calendar' }));
    expect(await screen.findByText('External calendar connected.')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });
});
