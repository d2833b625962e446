import type { ResponseOf } from '@openpractice/contracts';
import type { countConflicts } from '@openpractice/contracts/calendar/scheduling';
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
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { json, stubServer } from '../scheduling/test-server';
import type { AppointmentDetails } from './api';
import { EditAppointmentDialog, type SaveAppointmentChanges } from './edit-appointment-dialog';

// Monday 8 March 2032, 10:00-11:00 in New York, with Theresa Quinn (3), 90837 (60 minutes).
const DETAILS: AppointmentDetails = {
  calendar_event_id: 21,
  calendarEventAttendeeId: 7,
  clientId: 55,
  clientName: 'Ivy Testwell',
  start: '2032-03-08T15:00:00.000Z',
  end: '2032-03-08T16:00:00.000Z',
  allDay: false,
  timezone: 'America/New_York',
  therapistId: 3,
  therapistName: 'Theresa Quinn',
  therapistOffersTelehealth: true,
  locationId: 1,
  locationName: 'Main Office',
  isTeletherapy: false,
  telehealthPos: null,
  product: { productId: 32, name: 'Psychotherapy, 60 minutes', sku: '90837' },
  series_id: null,
  attendees: [],
  group: null,
  isCancelled: false,
  cancelledDate: null,
  cancelledBy: null,
  cancelledReason: null,
  isCharted: false,
  canChange: true,
  teletherapy: null,
  productOptions: [
    {
      productId: 31,
      name: 'Psychotherapy, 45 minutes',
      sku: '90834',
      durationMinutes: 45,
      isTelehealth: false,
    },
    {
      productId: 32,
      name: 'Psychotherapy, 60 minutes',
      sku: '90837',
      durationMinutes: 60,
      isTelehealth: false,
    },
  ],
  locationOptions: [
    { id: 1, name: 'Main Office', isDefault: true },
    { id: 2, name: 'Annex', isDefault: false },
  ],
};

const TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';

function renderDialog(onSave = vi.fn<SaveAppointmentChanges>()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditAppointmentDialog
        details={DETAILS}
        scope={null}
        busy={false}
        onSave={onSave}
        onClose={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return onSave;
}

function choose(label: string, optionName: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: optionName }));
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const conflictAnswer = (count: number) => () =>
  json(200, { data: { conflictCount: count } } satisfies ResponseOf<typeof countConflicts>);

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EditAppointmentDialog', { timeout: 20_000 }, () => {
  it('opens on the appointment as it is; a location change saves at once, without a conflict count', async () => {
    const server = stubServer();
    const onSave = renderDialog();
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('value', '2032-03-08');
    expect(screen.getByLabelText(/^Start time/)).toHaveProperty('value', '10:00');
    expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toBe('60 minutes');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Therapist' }).textContent).toBe('Theresa Quinn');
    });
    choose('Location', 'Annex');
    expect(saveButton()).toHaveProperty('disabled', false);
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith(
      { practiceLocationId: 2, isTeletherapy: false, teletherapyPos: null, productId: 32 },
      false,
      expect.any(Function),
    );
    expect(server.gets(apiPaths.calendar.countConflicts)).toEqual([]);
  });

  it("warns when the length no longer matches the service's", async () => {
    stubServer();
    renderDialog();
    const warning = 'The service 90837 is 60 minutes long, but this appointment is 45 minutes.';
    expect(screen.queryByText(warning)).toBeNull();
    choose('Duration', '45 minutes');
    expect(await screen.findByText(warning)).toBeTruthy();
    choose('Service', /90834/);
    await waitFor(() => {
      expect(screen.queryByText(/minutes long, but this appointment/)).toBeNull();
    });
  });

  it('counts conflicts at the new time, leaving itself out, and saves over them only with double booking allowed', async () => {
    const server = stubServer({ conflicts: conflictAnswer(1) });
    const onSave = renderDialog();
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '13:30' } });
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(await screen.findByText('1 calendar item already takes this time.')).toBeTruthy();
    const query = server.gets(apiPaths.calendar.countConflicts).at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      therapistId: '3',
      start: '2032-03-08T18:30:00.000Z',
      duration: '60',
      exceptEventId: '21',
    });
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow double booking' }));
    expect(saveButton()).toHaveProperty('disabled', false);
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith(
      {
        practiceLocationId: 1,
        isTeletherapy: false,
        teletherapyPos: null,
        productId: 32,
        start: '2032-03-08T18:30:00.000Z',
        allowDoubleBooking: true,
      },
      true,
      expect.any(Function),
    );
  });

  it("moves to another therapist, counting on that therapist's calendar", async () => {
    const server = stubServer();
    const onSave = renderDialog();
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Therapist' })).toHaveProperty(
        'ariaDisabled',
        null,
      );
    });
    choose('Therapist', 'Omar Okafor');
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    expect(server.gets(apiPaths.calendar.countConflicts).at(-1)?.query.get('therapistId')).toBe(
      '4',
    );
    fireEvent.click(saveButton());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ therapistId: 4, allowDoubleBooking: false });
  });

  it('says a refused time in the dialog with the double-booking choice, until the time changes', async () => {
    stubServer();
    const onSave = vi.fn<SaveAppointmentChanges>((_changes, _moves, onRefused) => {
      onRefused(TAKEN);
    });
    renderDialog(onSave);
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2032-03-09' } });
    await waitFor(() => {
      expect(saveButton()).toHaveProperty('disabled', false);
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Allow double booking' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '15:00' } });
    expect(screen.queryByText(TAKEN)).toBeNull();
  });
});
