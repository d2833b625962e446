import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ResponseOf } from '@openpractice/contracts';
import type {
  createDay,
  currentSpan,
  getSpanById,
  removeSpan,
  spanning,
} from '@openpractice/contracts/availability/editor';
import type { listExceptions } from '@openpractice/contracts/availability/exceptions';
import type {
  getDefaultPracticeLocation,
  getTelehealthCapabilityForTherapist,
} from '@openpractice/contracts/availability/lookups';
import type { listPracticeLocations } from '@openpractice/contracts/practice';

import { apiPaths } from '../../config/paths';
import { ConfirmDialogHost } from '../../ui/confirm/confirm-dialog';
import type { Day, Span, SpanWithDays } from './api/types';
import { TherapistAvailability } from './therapist-availability';

const paths = apiPaths.availability;
const THERAPIST = 7;
const TODAY = '2031-03-03';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const day = (over: Partial<Day>): Day => ({
  day_id: 1,
  dayOfWeek: 1,
  practiceLocationId: 3,
  startTime: '09:00',
  endTime: '17:00',
  onlineScheduling: true,
  scheduleEvery: 60,
  inPersonEnabled: true,
  teletherapyEnabled: false,
  availabilitySpanId: 11,
  ...over,
});

const openSpan: SpanWithDays = {
  span_id: 11,
  span_from: null,
  span_to: '2031-06-30',
  therapistId: THERAPIST,
  days: [day({ day_id: 1 }), day({ day_id: 2, dayOfWeek: 2 })],
};
const laterSpan: SpanWithDays = {
  span_id: 12,
  span_from: '2031-07-01',
  span_to: null,
  therapistId: THERAPIST,
  days: [day({ day_id: 3, dayOfWeek: 3, availabilitySpanId: 12 })],
};

const mainOffice = {
  practiceLocationId: 3,
  name: 'Main Office',
  color: '#1565C0',
  addressLine1: null,
  city: null,
  state: null,
  zipcode: null,
  isDefault: true,
};

type Answer = Response | ((body: unknown) => Response);
type Routes = Record<string, Answer>;

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A server answering by path; everything it was asked is recorded. */
function stubServer(routes: Routes) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://test',
      );
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
      });
      if (url.pathname === apiPaths.csrf) {
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      }
      const answer = routes[url.pathname];
      if (!answer) return Promise.resolve(json(404, { status: 'error', message: 'Not here' }));
      return Promise.resolve(typeof answer === 'function' ? answer(body) : answer.clone());
    }),
  );
  return calls;
}

const withSpans = (spans: SpanWithDays[], current: SpanWithDays | null): Routes => ({
  [paths.currentSpan]: json(200, {
    data: { therapistId: THERAPIST, today: TODAY, span: current },
  } satisfies ResponseOf<typeof currentSpan>),
  [paths.spanning]: json(200, {
    data: {
      therapistId: THERAPIST,
      today: TODAY,
      currentSpanId: current?.span_id ?? null,
      spans: spans.map(({ days, ...s }) => ({ ...s, dayCount: days.length })),
    },
  } satisfies ResponseOf<typeof spanning>),
  [paths.listExceptions]: json(200, {
    data: { therapistId: THERAPIST, today: TODAY, exceptions: [] },
  } satisfies ResponseOf<typeof listExceptions>),
  [paths.telehealthCapability]: json(200, {
    data: { therapistId: THERAPIST, hasTelehealth: true },
  } satisfies ResponseOf<typeof getTelehealthCapabilityForTherapist>),
  [paths.practiceLocations]: json(200, {
    data: [{ ...mainOffice, active: true }],
  } satisfies ResponseOf<typeof listPracticeLocations>),
  [paths.defaultLocation]: json(200, {
    data: mainOffice,
  } satisfies ResponseOf<typeof getDefaultPracticeLocation>),
});

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <TherapistAvailability
          therapistId={THERAPIST}
          therapistName="Hannah Lindqvist"
          today={TODAY}
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

// MUI dialogs with several fields take seconds to render and type into in jsdom.
describe('TherapistAvailability', { timeout: 20_000 }, () => {
  it('shows the current span and its weekly hours, Sunday to Saturday', async () => {
    stubServer(withSpans([openSpan, laterSpan], openSpan));
    renderEditor();
    const monday = await screen.findByRole('list', { name: 'Monday hours' });
    expect(within(monday).getByText('9:00 AM–5:00 PM')).toBeTruthy();
    expect(
      within(monday).getByText('Main Office · In person · Every 60 minutes · Online scheduling'),
    ).toBeTruthy();
    expect(screen.getByText('No start date – 06/30/2031', { selector: 'p *, p' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('says access is denied when the server refuses (403)', async () => {
    stubServer({
      ...withSpans([], null),
      [paths.currentSpan]: json(403, {
        status: 'error',
        message: 'You can see and change only your own availability.',
      }),
    });
    renderEditor();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Access denied');
    expect(alert.textContent).toContain('You can see and change only your own availability.');
    expect(screen.queryByRole('heading', { name: 'Weekly hours' })).toBeNull();
  });

  it('says the data could not be loaded, and Retry reloads it', async () => {
    const calls = stubServer({
      ...withSpans([], null),
      [paths.spanning]: json(500, { status: 'error', message: 'Something went wrong' }),
    });
    renderEditor();
    expect(await screen.findByText('Unable to get availability data.')).toBeTruthy();
    const before = calls.filter((c) => c.path === paths.spanning).length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.path === paths.spanning).length).toBeGreaterThan(before);
    });
  });

  it('checks the hours before saving, then adds them to the span shown', async () => {
    const calls = stubServer({
      ...withSpans([openSpan], openSpan),
      [paths.createDay]: json(201, {
        data: { day: day({ day_id: 9, dayOfWeek: 6 }), span: openSpan, createdSpan: false },
      } satisfies ResponseOf<typeof createDay>),
    });
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Add hours on Saturday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add hours' });
    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The end time must be after the start time.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === paths.createDay)).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '12:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hours added.')).toBeTruthy();
    const sent = calls.find((c) => c.path === paths.createDay);
    expect(sent?.body).toEqual({
      therapistId: THERAPIST,
      availabilitySpanId: 11,
      dayOfWeek: 6,
      practiceLocationId: 3,
      startTime: '09:00',
      endTime: '12:00',
      scheduleEvery: 60,
      onlineScheduling: true,
      inPersonEnabled: true,
      teletherapyEnabled: false,
    });
  });

  it('with no span at all, the first hours go without one (the server opens an open-ended span)', async () => {
    const calls = stubServer({
      ...withSpans([], null),
      [paths.createDay]: json(201, {
        data: { day: day({ day_id: 9 }), span: openSpan, createdSpan: true },
      } satisfies ResponseOf<typeof createDay>),
    });
    renderEditor();
    expect(
      await screen.findByText(
        'No availability yet. The first hours you add start an open-ended span.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add hours' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hours saved in a new open-ended span.')).toBeTruthy();
    const sent = calls.find((c) => c.path === paths.createDay)?.body as Record<string, unknown>;
    expect(sent.availabilitySpanId).toBeNull();
  });

  it('a failed add says so with Retry, in the dialog too', async () => {
    stubServer({
      ...withSpans([openSpan], openSpan),
      [paths.createDay]: json(409, {
        status: 'error',
        message: 'This time overlaps Monday 9:00 AM–5:00 PM.',
      }),
    });
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Add hours on Monday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add hours' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const expected =
      'Failed to add day info to availability. This time overlaps Monday 9:00 AM–5:00 PM.';
    expect(await within(dialog).findByText(expected)).toBeTruthy();
    expect(screen.getAllByText(expected)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Retry', hidden: true })).toBeTruthy();
  });

  it('deleting the span shown asks first, then loads its replacement', async () => {
    const replacement: Span = {
      span_id: 12,
      span_from: '2031-07-01',
      span_to: null,
      therapistId: THERAPIST,
    };
    const calls = stubServer({
      ...withSpans([openSpan, laterSpan], openSpan),
      [paths.removeSpan]: json(200, {
        data: { removedSpanId: 11, replacement },
      } satisfies ResponseOf<typeof removeSpan>),
      [paths.spanById]: json(200, { data: laterSpan } satisfies ResponseOf<typeof getSpanById>),
    });
    renderEditor();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete span No start date – 06/30/2031' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete this availability span?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(calls.some((c) => c.path === paths.spanById && c.query.get('span_id') === '12')).toBe(
        true,
      );
    });
    expect(calls.find((c) => c.path === paths.removeSpan)?.body).toEqual({ span_id: 11 });
  });
});
