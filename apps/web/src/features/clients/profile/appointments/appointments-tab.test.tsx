import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import type { AppointmentsPage, ClientAppointment } from './api';
import { AppointmentsTab } from './appointments-tab';
import { NextAppointment } from './next-appointment';

const ZONE = 'America/New_York';

const appointment = (eventId: number, start: string, over: Partial<ClientAppointment> = {}) =>
  ({
    eventId,
    attendeeId: eventId * 10,
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    allDay: false,
    durationMinutes: 60,
    therapistId: 3,
    therapistName: 'Theresa Quinn',
    service: 'Psychotherapy',
    serviceCode: '90837',
    location: 'Main office',
    isTelehealth: false,
    groupName: null,
    attendance: 'attended',
    awaitingConfirmation: false,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    ...over,
  }) satisfies ClientAppointment;

const NEXT = appointment(9, '2040-06-12T14:00:00.000Z', { attendance: 'unknown' });
const CANCELLED = appointment(8, '2040-05-30T14:00:00.000Z', {
  attendance: null,
  cancelledAt: '2040-05-29T13:00:00.000Z',
  cancelledBy: 'Morgan Manager',
  cancelReason: 'Weather',
});
const OLDER = appointment(2, '2040-04-02T14:00:00.000Z', { attendance: 'no_show' });

const FIRST: AppointmentsPage = {
  timezone: ZONE,
  next: NEXT,
  upcoming: [NEXT],
  upcomingTotal: 1,
  past: [CANCELLED],
  nextCursor: '2235300000000000.8',
};
const SECOND: AppointmentsPage = {
  timezone: ZONE,
  next: null,
  upcoming: [],
  upcomingTotal: 0,
  past: [OLDER],
  nextCursor: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's first page and the pages after it (by cursor). */
function stubServer(pages: { first: () => Response; later?: () => Response }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      if (url.pathname !== apiPaths.clientProfile.appointments)
        return Promise.resolve(json(404, {}));
      asked.push(url.search);
      const cursor = url.searchParams.get('cursor');
      return Promise.resolve(cursor === null ? pages.first() : (pages.later ?? pages.first)());
    }),
  );
  return asked;
}

function renderWith(children: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>{children}</SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppointmentsTab', { timeout: 20_000 }, () => {
  it('lists what is to come and the history, and loads the next page after the last', async () => {
    const asked = stubServer({ first: () => json(200, FIRST), later: () => json(200, SECOND) });
    renderWith(<AppointmentsTab patientId={1002} />);
    const upcoming = await screen.findByRole('list', { name: 'Upcoming appointments' });
    expect(within(upcoming).getByText('06/12/2040 · 10:00 AM')).toBeTruthy();
    expect(within(upcoming).getByText('Attendance not recorded')).toBeTruthy();
    const past = screen.getByRole('list', { name: 'Past appointments' });
    expect(within(past).getByText('Cancelled')).toBeTruthy();
    expect(within(past).getByText('Reason: Weather')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(past).findByText('No-show')).toBeTruthy();
    expect(within(past).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual(['?patientId=1002', '?patientId=1002&cursor=2235300000000000.8']);
  });

  it('opens an appointment with who cancelled it and why', async () => {
    stubServer({ first: () => json(200, FIRST) });
    renderWith(<AppointmentsTab patientId={1002} />);
    fireEvent.click(await screen.findByText('05/30/2040 · 10:00 AM'));
    const dialog = await screen.findByRole('dialog', { name: 'Appointment on 05/30/2040' });
    expect(within(dialog).getByText('Morgan Manager')).toBeTruthy();
    expect(within(dialog).getByText('Weather')).toBeTruthy();
    expect(within(dialog).getByText('05/29/2040 9:00 AM')).toBeTruthy();
  });

  it('says when there are no appointments', async () => {
    stubServer({
      first: () => json(200, { ...SECOND, past: [] } satisfies AppointmentsPage),
    });
    renderWith(<AppointmentsTab patientId={1002} />);
    expect(await screen.findByText('No appointments yet.')).toBeTruthy();
  });

  it('keeps the failure in view with the spec text', async () => {
    stubServer({ first: () => json(500, { status: 'error', message: 'boom' }) });
    renderWith(<AppointmentsTab patientId={1002} />);
    expect(
      await screen.findByText("We couldn't load appointments. Please reload to try again."),
    ).toBeTruthy();
  });
});

describe('NextAppointment (the header)', { timeout: 20_000 }, () => {
  it('names the next appointment: date, time and therapist', async () => {
    stubServer({ first: () => json(200, FIRST) });
    renderWith(<NextAppointment patientId={1002} enabled />);
    expect(
      await screen.findByText('Next appointment: 06/12/2040 at 10:00 AM with Theresa Quinn'),
    ).toBeTruthy();
  });

  it('says nothing, and asks nothing, when the caller may not read appointments', async () => {
    const asked = stubServer({ first: () => json(200, FIRST) });
    renderWith(<NextAppointment patientId={1002} enabled={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Next appointment/)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('tells a failure in a snackbar with the spec text', async () => {
    stubServer({ first: () => json(500, { status: 'error', message: 'boom' }) });
    renderWith(<NextAppointment patientId={1002} enabled />);
    expect(
      await screen.findByText("We couldn't load appointments. Please reload to try again."),
    ).toBeTruthy();
  });
});
