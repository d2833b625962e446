import type { ResponseOf } from '@openpractice/contracts';
import type { getSeries } from '@openpractice/contracts/calendar/series';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import {
  isSeriesEvent,
  SERIES_LOAD_ERROR,
  SeriesScopeDialog,
  type SeriesScopeRequest,
} from './series-scope-dialog';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Series = ResponseOf<typeof getSeries>['data'];

/** Five Wednesdays at 9:00 in New York: the 1st attended, the 4th cancelled. */
const series: Series = {
  seriesId: 7,
  intervalWeeks: 1,
  untilDate: null,
  timezone: 'America/New_York',
  occurrences: [
    { calendar_event_id: 11, start: '2026-03-04T14:00:00.000Z', attended: true },
    { calendar_event_id: 12, start: '2026-03-11T13:00:00.000Z' },
    { calendar_event_id: 13, start: '2026-03-18T13:00:00.000Z' },
    { calendar_event_id: 14, start: '2026-03-25T13:00:00.000Z', cancelled: true },
    { calendar_event_id: 15, start: '2026-04-01T13:00:00.000Z' },
  ].map((o) => ({
    calendar_event_id: o.calendar_event_id,
    start_date_time: o.start,
    end_date_time: new Date(Date.parse(o.start) + 3_600_000).toISOString(),
    cancelled: o.cancelled ?? false,
    attended: o.attended ?? false,
  })),
};

function stubServer(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url);
      return Promise.resolve(answer());
    }),
  );
  return calls;
}

function renderDialog(request: SeriesScopeRequest | null) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SeriesScopeDialog request={request} onChoose={onChoose} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onChoose, onClose };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('isSeriesEvent', () => {
  it.each([
    [{ series_id: 3 }, true],
    [{ series_id: null }, false],
    [{}, false],
  ])('%j is %s', (event, expected) => {
    expect(isSeriesEvent(event)).toBe(expected);
  });
});

describe('SeriesScopeDialog', () => {
  it('renders nothing without a request', () => {
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the three scopes with counts and lists what each will change before Continue', async () => {
    const calls = stubServer(() =>
      json(200, { data: series } satisfies ResponseOf<typeof getSeries>),
    );
    const { onChoose, onClose } = renderDialog({ eventId: 13, action: 'cancel' });
    expect(screen.getByRole('progressbar', { name: 'Loading the series' })).toBeTruthy();
    const only = await screen.findByRole('radio', { name: 'Only this appointment' });
    expect(calls[0]).toBe(apiPaths.calendar.series(13));
    expect(screen.getByRole('dialog', { name: 'Cancel a recurring appointment' })).toBeTruthy();
    expect((only as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'This and following (2)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'The whole series (3)' })).toBeTruthy();
    expect(screen.getByText('This will cancel 1 appointment: Wed 3/18/2026 9:00 AM.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'The whole series (3)' }));
    expect(
      screen.getByText(
        'This will cancel 3 appointments: Wed 3/11/2026 9:00 AM, Wed 3/18/2026 9:00 AM and Wed 4/1/2026 9:00 AM. 2 appointments are left as they are: Wed 3/4/2026 9:00 AM (attendance already recorded) and Wed 3/25/2026 9:00 AM (already cancelled).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenCalledWith('series');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('for a move, says where this occurrence goes and that the others move the same way', async () => {
    stubServer(() => json(200, { data: series } satisfies ResponseOf<typeof getSeries>));
    const { onChoose } = renderDialog({
      eventId: 12,
      action: 'move',
      newStart: '2026-03-11T14:30:00.000Z',
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'This and following (3)' }));
    expect(
      screen.getByText(
        'Each moves by the same change as this one: from Wed 3/11/2026 9:00 AM to Wed 3/11/2026 10:30 AM.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^This will move 3 appointments/)).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenCalledWith('following');
  });

  it('cannot continue when the chosen scope changes nothing', async () => {
    stubServer(() => json(200, { data: series } satisfies ResponseOf<typeof getSeries>));
    const { onChoose } = renderDialog({ eventId: 11, action: 'edit' });
    await screen.findByRole('radio', { name: 'Only this appointment' });
    expect(
      screen.getByText(
        'Nothing will be changed: every appointment in this choice is cancelled or has its attendance recorded. 1 appointment is left as it is: Wed 3/4/2026 9:00 AM (attendance already recorded).',
      ),
    ).toBeTruthy();
    const proceed = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    expect(proceed.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'The whole series (3)' }));
    expect(proceed.disabled).toBe(false);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('offers only this appointment for an event outside a series', async () => {
    stubServer(() =>
      json(200, {
        data: {
          ...series,
          seriesId: null,
          intervalWeeks: null,
          occurrences: series.occurrences.slice(1, 2),
        },
      } satisfies ResponseOf<typeof getSeries>),
    );
    renderDialog({ eventId: 12, action: 'cancel' });
    await screen.findByRole('radio', { name: 'Only this appointment' });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('says when the series cannot be loaded, and tries again', async () => {
    let fail = true;
    stubServer(() =>
      fail
        ? json(500, { status: 'error', message: 'Boom' })
        : json(200, { data: series } satisfies ResponseOf<typeof getSeries>),
    );
    renderDialog({ eventId: 13, action: 'cancel' });
    expect(await screen.findByText(SERIES_LOAD_ERROR)).toBeTruthy();
    expect(SERIES_LOAD_ERROR).toBe("We couldn't load this series. Please try again.");
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(true);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(screen.getByRole('radio', { name: 'The whole series (3)' })).toBeTruthy();
    });
  });
});
