import { addIsoDays } from '@openpractice/domain';
import type { ResponseOf } from '@openpractice/contracts';
import type { getVisibleCalendars } from '@openpractice/contracts/calendar/calendars';
import type { findAvailabilityV2 } from '@openpractice/contracts/calendar/find-appointment';
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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppClientPicker } from '../../../app/client-picker';
import { apiPaths } from '../../../config/paths';
import { ClientPickerProvider } from '../../../ui/client-picker';
import { CALENDARS, json, stubServer } from '../scheduling/test-server';
import type { FindAvailabilityRequest, FoundAvailability } from './api';
import { FindAppointmentPage } from './find-appointment-page';
import { findDurationKeyOf } from './find-appointment-prefs';
import { NO_OPEN_TIMES, practiceToday } from './find-window';

const NY = 'America/New_York';
const USER_ID = 13;

const calendars = { ...CALENDARS, maxSelectable: 16, userId: USER_ID, timezone: NY };
const slotsAnswer = (data: FoundAvailability) =>
  json(200, { data } satisfies ResponseOf<typeof findAvailabilityV2>);

/** Monday 14 December 2026: 9:00 and 10:00 in New York with Theresa Quinn (therapist 3). */
const FOUND: FoundAvailability = {
  timezone: NY,
  calendarInfo: { start: '2026-12-14', end: '2026-12-21' },
  rangeTooLong: false,
  mode: 'any',
  duration: 60,
  selectedTherapists: [{ id: 3, name: 'Theresa Quinn' }],
  locations: [{ id: 1, name: 'Main Office' }],
  slotCount: 2,
  days: [
    {
      date: '2026-12-14',
      therapists: [
        {
          therapistId: 3,
          therapistName: 'Theresa Quinn',
          slots: [
            {
              start: '2026-12-14T14:00:00.000Z',
              end: '2026-12-14T15:00:00.000Z',
              locationId: 1,
              locationName: 'Main Office',
              inPerson: true,
              telehealth: true,
            },
            {
              start: '2026-12-14T15:00:00.000Z',
              end: '2026-12-14T16:00:00.000Z',
              locationId: 1,
              locationName: 'Main Office',
              inPerson: true,
              telehealth: false,
            },
          ],
        },
      ],
    },
  ],
};

const EMPTY: FoundAvailability = { ...FOUND, slotCount: 0, days: [] };

type SlotsAnswer = (request: FindAvailabilityRequest) => Response;

/** The scheduling dialog's stand-in server, plus the open-slots call. */
function stubPage(slots: SlotsAnswer) {
  const server = stubServer({
    calendars: () =>
      json(200, { data: calendars } satisfies ResponseOf<typeof getVisibleCalendars>),
  });
  const dialogFetch = globalThis.fetch;
  const requests: FindAvailabilityRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === apiPaths.availabilitySearch.findAvailability) {
        const request = JSON.parse(init.body as string) as FindAvailabilityRequest;
        requests.push(request);
        return Promise.resolve(slots(request));
      }
      return dialogFetch(input, init);
    }),
  );
  return { server, requests };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <ClientPickerProvider picker={AppClientPicker}>
          <FindAppointmentPage />
        </ClientPickerProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

async function chooseTherapist(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Therapists' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Therapists' }), { key: 'Escape' });
}

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FindAppointmentPage', { timeout: 20_000 }, () => {
  it('asks for therapists, then shows open times by day and therapist on the practice’s clock', async () => {
    const { requests } = stubPage(() => slotsAnswer(FOUND));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find an appointment' }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Choose one or more therapists to see their open times.'),
    ).toBeTruthy();
    expect(requests).toHaveLength(0);

    await chooseTherapist('Theresa Quinn');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Monday, December 14, 2026' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Theresa Quinn' })).toBeTruthy();
    const group = screen.getByRole('group', {
      name: 'Open times with Theresa Quinn, Monday, December 14, 2026',
    });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM', '10:00 AM']);
    const today = practiceToday(new Date(), NY);
    expect(requests.at(-1)).toEqual({
      therapistIds: [3],
      locationIds: [],
      mode: 'any',
      duration: 60,
      calendarInfo: { start: today, end: addIsoDays(today, 7) },
    });
  });

  it('moves seven days at a time, never before today', async () => {
    const { requests } = stubPage(() => slotsAnswer(EMPTY));
    renderPage();
    await chooseTherapist('Theresa Quinn');
    expect(await screen.findByText(NO_OPEN_TIMES)).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous 7 days' });
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next 7 days' }));
    const today = practiceToday(new Date(), NY);
    await waitFor(() => {
      expect(requests.at(-1)?.calendarInfo).toEqual({
        start: addIsoDays(today, 7),
        end: addIsoDays(today, 14),
      });
    });
    expect(previous).toHaveProperty('disabled', false);
    fireEvent.click(previous);
    await waitFor(() => {
      expect(requests.at(-1)?.calendarInfo.start).toBe(today);
    });
    expect(previous).toHaveProperty('disabled', true);
  });

  it('remembers the length per user and looks for it', async () => {
    localStorage.setItem(findDurationKeyOf(USER_ID), JSON.stringify({ duration: 45 }));
    const { requests } = stubPage(() => slotsAnswer(FOUND));
    renderPage();
    await chooseTherapist('Theresa Quinn');
    await waitFor(() => {
      expect(requests.at(-1)?.duration).toBe(45);
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Length' }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: '90 minutes' }),
    );
    await waitFor(() => {
      expect(requests.at(-1)?.duration).toBe(90);
    });
    expect(localStorage.getItem(findDurationKeyOf(USER_ID))).toBe('{"duration":90}');
  });

  it('sends in person, telehealth or either', async () => {
    const { requests } = stubPage(() => slotsAnswer(FOUND));
    renderPage();
    await chooseTherapist('Theresa Quinn');
    fireEvent.click(await screen.findByRole('button', { name: 'Telehealth' }));
    await waitFor(() => {
      expect(requests.at(-1)?.mode).toBe('telehealth');
    });
    fireEvent.click(screen.getByRole('button', { name: 'In person' }));
    await waitFor(() => {
      expect(requests.at(-1)?.mode).toBe('inPerson');
    });
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    stubPage(() =>
      fail ? json(500, { status: 'error', message: 'Something broke.' }) : slotsAnswer(FOUND),
    );
    renderPage();
    await chooseTherapist('Theresa Quinn');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not look up open times.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Monday, December 14, 2026' }),
    ).toBeTruthy();
  });

  it('opens the scheduling dialog prefilled from a time, and looks again once booked', async () => {
    localStorage.setItem(findDurationKeyOf(USER_ID), JSON.stringify({ duration: 90 }));
    let found = FOUND;
    const { requests, server } = stubPage(() => slotsAnswer(found));
    renderPage();
    await chooseTherapist('Theresa Quinn');
    fireEvent.click(await screen.findByRole('button', { name: /^10:00 AM with Theresa Quinn/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'New appointment' })).toBeTruthy();
    expect(await within(dialog).findByLabelText(/^Date/)).toHaveProperty('value', '2026-12-14');
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveProperty('value', '10:00');
    expect(within(dialog).getByRole('combobox', { name: 'Therapist' }).textContent).toBe(
      'Theresa Quinn',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Duration' }).textContent).toBe(
      '90 minutes',
    );

    // Choose the client (a single match is taken by itself), then save.
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Client' }), {
      target: { value: 'testw' },
    });
    await waitFor(() => {
      expect(within(dialog).getByRole('textbox', { name: 'Client' })).toHaveProperty(
        'value',
        'Ivy Testwell',
      );
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save).toHaveProperty('disabled', false);
    });
    const before = requests.length;
    found = EMPTY;
    fireEvent.click(save);
    expect(await screen.findByText(NO_OPEN_TIMES)).toBeTruthy();
    expect(requests.length).toBeGreaterThan(before);
    expect(server.posted(apiPaths.calendar.createAppointment)[0]?.body).toMatchObject({
      therapistId: 3,
      patientId: 55,
      practiceLocationId: 1,
      isTeletherapy: false,
      eventDateTime: '2026-12-14T15:00:00.000Z',
    });
  });
});
