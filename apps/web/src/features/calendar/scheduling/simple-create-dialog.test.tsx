import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
} from '@testing-library/react';
import { CREATE_DIALOG_BUSY_MS } from '@openpractice/domain';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { SimpleCreateDialog, type SimpleCreateSeed } from './simple-create-dialog';
import { json, stubServer } from './test-server';
import { AppClientPicker } from '../../../app/client-picker';
import { ClientPickerProvider } from '../../../ui/client-picker';

// Saturday 6 March 2032, 10:00 in New York (EST).
const SLOT = '2032-03-06T15:00:00.000Z';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(seed: SimpleCreateSeed | null) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ClientPickerProvider picker={AppClientPicker}>{node}</ClientPickerProvider>
      </SnackbarProvider>
    </QueryClientProvider>
  );
  const view = render(
    wrap(<SimpleCreateDialog seed={seed} onClose={onClose} onCreated={onCreated} />),
  );
  const show = (next: SimpleCreateSeed | null) => {
    view.rerender(wrap(<SimpleCreateDialog seed={next} onClose={onClose} onCreated={onCreated} />));
  };
  return { onClose, onCreated, show };
}

const createButton = () => screen.getByRole('button', { name: /^(Create|Creating…)$/ });

async function findClient() {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Client' }), {
    target: { value: 'testw' },
  });
  await waitFor(() => {
    expect(screen.getByRole('textbox', { name: 'Client' })).toHaveProperty('value', 'Ivy Testwell');
  });
}

describe('SimpleCreateDialog', { timeout: 20_000 }, () => {
  it('is ready with a therapist, a client and a time; books, confirms, reloads and stays busy for a second', async () => {
    const server = stubServer();
    const seed = { therapistId: 3, start: SLOT, allDay: false };
    const { onClose, onCreated, show } = renderDialog(seed);

    expect(await screen.findByRole('heading', { name: 'New calendar item' })).toBeTruthy();
    expect((await screen.findByRole('combobox', { name: 'Therapist' })).textContent).toBe(
      'Theresa Quinn',
    );
    expect(screen.getByLabelText(/^Start time/)).toHaveProperty('value', '10:00');
    expect(createButton()).toHaveProperty('disabled', true);

    await findClient();
    await waitFor(() => {
      expect(createButton()).toHaveProperty('disabled', false);
    });
    // The suggested service arrives before the click is the one booked.
    await waitFor(() => {
      expect(server.gets(apiPaths.calendar.productsForRequest)).not.toHaveLength(0);
    });
    // Hold the one-second release so the test decides when that second is over.
    const realSetTimeout = window.setTimeout.bind(window);
    let release: (() => void) | undefined;
    vi.spyOn(window, 'setTimeout').mockImplementation(((
      handler: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms === CREATE_DIALOG_BUSY_MS) {
        release = handler;
        return 0;
      }
      return realSetTimeout(handler, ms, ...rest);
    }) as typeof window.setTimeout);
    fireEvent.click(createButton());

    expect(await screen.findByText('Calendar item created.')).toBeTruthy();
    expect(server.posted(apiPaths.calendar.createAppointment)[0]?.body).toEqual({
      therapistId: 3,
      patientId: 55,
      practiceLocationId: null,
      isTeletherapy: false,
      teletherapyPos: null,
      eventDateTime: SLOT,
      products: [{ productId: 31 }],
      duration: 45,
      allowDoubleBooking: false,
      occurrences: 1,
      intervalWeeks: 1,
    });
    expect(onClose).toHaveBeenCalled();
    expect(onCreated).toHaveBeenCalledTimes(1);

    // Opened again within the second, it is still creating; after it, it is free.
    show(null);
    show({ ...seed });
    await screen.findByRole('combobox', { name: 'Therapist' });
    expect(createButton().textContent).toBe('Creating…');
    expect(release).toBeDefined();
    act(() => {
      release?.();
    });
    expect(createButton().textContent).toBe('Create');
  });

  it('starts a whole-day click at 9:00', async () => {
    stubServer();
    renderDialog({ therapistId: 4, start: '2032-03-06', allDay: true });
    expect((await screen.findByRole('combobox', { name: 'Therapist' })).textContent).toBe(
      'Omar Okafor',
    );
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('value', '2032-03-06');
    expect(screen.getByLabelText(/^Start time/)).toHaveProperty('value', '09:00');
    expect(screen.getByText('Chosen from a whole day: check the time.')).toBeTruthy();
  });

  it('says when the item could not be created and lets the user try again', async () => {
    stubServer({ createAppointment: () => json(500, { status: 'error', message: 'boom' }) });
    const { onCreated, onClose } = renderDialog({ therapistId: 3, start: SLOT, allDay: false });
    await findClient();
    await waitFor(() => {
      expect(createButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(createButton());
    expect(
      await screen.findByText('Calendar item could not be created. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => {
      expect(createButton()).toHaveProperty('disabled', false);
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
