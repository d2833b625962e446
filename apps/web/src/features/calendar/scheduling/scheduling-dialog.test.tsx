import type { ResponseOf } from '@openpractice/contracts';
import type { getVisibleCalendars } from '@openpractice/contracts/calendar/calendars';
import type {
  countConflicts,
  findProductsForSchedulingRequest,
} from '@openpractice/contracts/calendar/scheduling';
import type { searchContexts } from '@openpractice/contracts/clients/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { SchedulingDialog, type SchedulingSeed } from './scheduling-dialog';
import { CALENDARS, json, option, PRODUCTS, stubServer } from './test-server';
import { AppClientPicker } from '../../../app/client-picker';
import { ClientPickerProvider } from '../../../ui/client-picker';

// Saturday 6 March 2032, 10:00 in New York (EST).
const SLOT = '2032-03-06T15:00:00.000Z';

function renderDialog(seed: SchedulingSeed) {
  const onClose = vi.fn();
  const onBooked = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ClientPickerProvider picker={AppClientPicker}>
          <SchedulingDialog seed={seed} onClose={onClose} onBooked={onBooked} />
        </ClientPickerProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { onClose, onBooked };
}

function choose(label: string, optionName: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: optionName }));
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

// MUI dialogs render slowly in jsdom on a busy machine; the 600 ms debounce adds to it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SchedulingDialog', { timeout: 20_000 }, () => {
  it('opens a known client with the suggested service and books it', async () => {
    const server = stubServer();
    const { onBooked, onClose } = renderDialog({ therapistId: 3, clientId: 55, start: SLOT });

    expect(await screen.findByRole('heading', { name: 'New appointment' })).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Client' })).toHaveProperty(
        'value',
        'Ivy Testwell',
      );
    });
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('value', '2032-03-06');
    expect(screen.getByLabelText(/^Start time/)).toHaveProperty('value', '10:00');
    // The suggestion sets the service and its length.
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Service (CPT code)' }).textContent).toContain(
        '90834',
      );
    });
    expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toBe('45 minutes');
    expect(screen.getByText('Suggested: the practice’s default service.')).toBeTruthy();
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    expect(server.gets(apiPaths.calendar.countConflicts).at(-1)?.query.get('duration')).toBe('45');

    fireEvent.click(saveButton());

    expect(await screen.findByText('Calendar item created.')).toBeTruthy();
    expect(server.posted(apiPaths.calendar.createAppointment).map((c) => c.body)).toEqual([
      {
        therapistId: 3,
        patientId: 55,
        practiceLocationId: 1,
        isTeletherapy: false,
        teletherapyPos: null,
        eventDateTime: SLOT,
        products: [{ productId: 31 }],
        duration: 45,
        allowDoubleBooking: false,
        occurrences: 1,
        intervalWeeks: 1,
      },
    ]);
    expect(onBooked).toHaveBeenCalledWith([101]);
    expect(onClose).toHaveBeenCalled();
  });

  it("warns when the length no longer matches the service's, and not while it does", async () => {
    stubServer();
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toBe('45 minutes');
    });
    const warning = 'The service 90834 is 45 minutes long, but this appointment is 60 minutes.';
    expect(screen.queryByText(warning)).toBeNull();
    choose('Duration', '60 minutes');
    expect(await screen.findByText(warning)).toBeTruthy();
    // Choosing the 60-minute service makes them match again.
    choose('Service (CPT code)', /90837/);
    await waitFor(() => {
      expect(screen.queryByText(/minutes long, but this appointment/)).toBeNull();
    });
  });

  it('shows the conflict count and saves only with double booking allowed', async () => {
    const server = stubServer({
      conflicts: () =>
        json(200, { data: { conflictCount: 2 } } satisfies ResponseOf<typeof countConflicts>),
    });
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });

    expect(await screen.findByText('2 calendar items already take this time.')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow double booking' }));
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    await screen.findByText('Calendar item created.');
    expect(server.posted(apiPaths.calendar.createAppointment)[0]?.body).toMatchObject({
      allowDoubleBooking: true,
    });
  });

  it("shows the server's message when the slot was taken meanwhile, and stays open", async () => {
    const taken =
      'That time is already booked for this therapist. Choose another time or allow double booking.';
    stubServer({ createAppointment: () => json(409, { status: 'error', message: taken }) });
    const { onBooked, onClose } = renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(onBooked).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'New appointment' })).toBeTruthy();
  });

  it('says a calendar item could not be created when the server fails', async () => {
    stubServer({ createAppointment: () => json(500, { status: 'error', message: 'boom' }) });
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('Calendar item could not be created. Please try again.'),
    ).toBeTruthy();
  });

  it('resets the duration to 60 when the type changes and creates an out of office with its default name', async () => {
    const server = stubServer();
    const { onBooked } = renderDialog({ therapistId: 3, start: SLOT, requestType: 'Meeting' });
    expect(await screen.findByRole('heading', { name: 'New meeting' })).toBeTruthy();
    await screen.findByRole('combobox', { name: 'Duration' });
    choose('Duration', '30 minutes');
    expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toBe('30 minutes');
    fireEvent.click(screen.getByRole('button', { name: 'Out of Office' }));
    expect(screen.getByRole('heading', { name: 'New out of office' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toBe('60 minutes');
    // Meetings need no client; telehealth is not looked up for them.
    expect(screen.queryByRole('combobox', { name: 'Service (CPT code)' })).toBeNull();
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Meeting created.')).toBeTruthy();
    expect(server.posted(apiPaths.calendar.createMeeting)[0]?.body).toEqual({
      therapistId: 3,
      allDay: false,
      startDateTime: SLOT,
      eventName: 'Out of Office',
      duration: 60,
      type: 'out_of_office',
      allowDoubleBooking: false,
    });
    expect(server.gets(apiPaths.calendar.telehealthStatus)).toEqual([]);
    expect(onBooked).toHaveBeenCalledWith([202]);
  });

  it('says a meeting could not be created', async () => {
    stubServer({ createMeeting: () => json(500, { status: 'error', message: 'boom' }) });
    renderDialog({
      therapistId: 3,
      start: SLOT,
      requestType: 'Meeting',
      allowTypeSelection: false,
    });
    await screen.findByRole('heading', { name: 'New meeting' });
    expect(screen.queryByRole('group', { name: 'Request type' })).toBeNull();
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Meeting could not be created. Please try again.')).toBeTruthy();
  });

  it('finds a client by part of a name and chooses a single result by itself', async () => {
    const server = stubServer();
    renderDialog({ therapistId: 3, start: SLOT });
    const search = await screen.findByRole('combobox', { name: 'Client' });
    fireEvent.change(search, { target: { value: 'testw' } });
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Client' })).toHaveProperty(
        'value',
        'Ivy Testwell',
      );
    });
    const query = server.gets(apiPaths.findClients)[0]?.query;
    expect(query?.get('search')).toBe('testw');
    expect(query?.get('limit')).toBe('21');
    expect(query?.get('context')).toBe('all');
    await waitFor(() => {
      expect(server.gets(apiPaths.calendar.productsForRequest).at(-1)?.query.get('clientId')).toBe(
        '55',
      );
    });
  });

  it('turns telehealth on with the place of service of a telehealth suggestion', async () => {
    stubServer({
      products: () =>
        json(200, {
          data: {
            ...PRODUCTS,
            products: [
              option({
                find_type: 'last_appointment',
                selected: true,
                duration: 30,
                is_telehealth: true,
                telehealth_pos: '10',
              }),
            ],
            nextAppointment: {
              calendar_event_id: 9,
              start_date_time: SLOT,
              end_date_time: SLOT,
              therapistId: 4,
              warnings: ["The client's next appointment is with Omar Okafor."],
            },
            isTherapistForClient: false,
          },
        } satisfies ResponseOf<typeof findProductsForSchedulingRequest>),
    });
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    await waitFor(() => {
      expect(screen.getByRole('switch', { name: 'Telehealth' })).toHaveProperty('checked', true);
    });
    expect(screen.getByRole('combobox', { name: 'Place of service' }).textContent).toContain('10');
    expect(screen.getByText("The client's next appointment is with Omar Okafor.")).toBeTruthy();
    expect(screen.getByText('This therapist is not one of the client’s therapists.')).toBeTruthy();
  });

  it('hides telehealth for a therapist without it and says when eligibility is unknown', async () => {
    stubServer({ telehealth: () => json(500, { status: 'error', message: 'boom' }) });
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    expect(
      await screen.findByText("We're sorry, we weren't able to determine telehealth eligibility."),
    ).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Telehealth' })).toBeNull();
  });

  it('says when the services or the conflicts could not be loaded', async () => {
    stubServer({
      products: () => json(500, { status: 'error', message: 'boom' }),
      conflicts: () => json(500, { status: 'error', message: 'boom' }),
    });
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    expect(
      await screen.findByText("We're sorry, there was an error loading CPT codes."),
    ).toBeTruthy();
    expect(
      await screen.findByText("We're sorry, there was a problem checking for conflicts."),
    ).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('cannot open without the therapists', async () => {
    stubServer({ calendars: () => json(500, { status: 'error', message: 'boom' }) });
    renderDialog({ start: SLOT });
    expect(await screen.findByText('Unable to create request.')).toBeTruthy();
  });

  it('fixes a therapist-only user to their own calendar and offers my or all clients', async () => {
    const server = stubServer({
      calendars: () =>
        json(200, {
          data: {
            ...CALENDARS,
            therapists: CALENDARS.therapists.slice(1).map((t) => ({ ...t, isCurrentUser: true })),
            reach: 'own',
            currentTherapistId: 4,
          },
        } satisfies ResponseOf<typeof getVisibleCalendars>),
      contexts: () =>
        json(200, {
          data: [
            { value: 'my', label: 'My Clients' },
            { value: 'all', label: 'All Clients' },
          ],
          callerTherapistId: 4,
        } satisfies ResponseOf<typeof searchContexts>),
    });
    renderDialog({ therapistId: 3, start: SLOT });
    const therapist = await screen.findByRole('combobox', { name: 'Therapist' });
    expect(therapist.textContent).toBe('Omar Okafor');
    expect(therapist.getAttribute('aria-disabled')).toBe('true');
    const all = screen.getByRole('switch', { name: 'Search all clients' });
    expect(all).toHaveProperty('checked', false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Client' }), {
      target: { value: 'ivy' },
    });
    await waitFor(() => {
      expect(server.gets(apiPaths.findClients)[0]?.query.get('context')).toBe('my');
    });
    await waitFor(() => {
      expect(server.gets(apiPaths.calendar.telehealthStatus)[0]?.query.get('therapistId')).toBe(
        '4',
      );
    });
  });

  it('books a weekly series until a date', async () => {
    const server = stubServer();
    renderDialog({ therapistId: 3, clientId: 55, start: SLOT });
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    choose('Repeats', 'Every other week');
    fireEvent.click(screen.getByRole('radio', { name: 'On' }));
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2032-03-01' } });
    expect(
      screen.getByText('The until date must be on or after the first appointment.'),
    ).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2032-04-30' } });
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    await screen.findByText('Calendar item created.');
    expect(server.posted(apiPaths.calendar.createAppointment)[0]?.body).toMatchObject({
      untilDate: '2032-04-30',
      intervalWeeks: 2,
    });
  });
});
