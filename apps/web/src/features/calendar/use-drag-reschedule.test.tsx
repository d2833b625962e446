import type { EventDropArg } from '@fullcalendar/core';
import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { rescheduleEvent } from '@openpractice/contracts/calendar/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError } from '../../lib/api-client';
import {
  RESCHEDULE_FAILED_MESSAGE,
  RESCHEDULED_MESSAGE,
  useDragReschedule,
} from './use-drag-reschedule';

afterEach(cleanup);

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>{children}</SnackbarProvider>
    </QueryClientProvider>
  );
}

function drop(seriesId: number | null = null) {
  const revert = vi.fn();
  const arg = {
    event: {
      start: new Date('2026-12-06T15:00:00Z'),
      end: new Date('2026-12-06T16:00:00Z'),
      allDay: false,
      extendedProps: { source: 'practice', eventId: 41, seriesId },
    },
    oldEvent: { start: new Date('2026-12-06T13:00:00Z'), end: new Date('2026-12-06T14:00:00Z') },
    revert,
  } as unknown as EventDropArg;
  return { arg, revert };
}

const PAYLOAD = {
  calendar_event_id: 41,
  calendar_event_starttime: '2026-12-06T15:00:00.000Z',
  calendar_event_endtime: '2026-12-06T16:00:00.000Z',
  calendar_event_allday: 0,
} satisfies BodyOf<typeof rescheduleEvent>;

const MOVED = {
  status: 'success',
  message: RESCHEDULED_MESSAGE,
  data: { calendar_event_ids: [41] },
} satisfies ResponseOf<typeof rescheduleEvent>;

describe('drag to reschedule', () => {
  it('posts the spec payload and says the event moved', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(MOVED);
    const { result } = renderHook(() => useDragReschedule(), { wrapper });
    const { arg, revert } = drop();
    act(() => {
      result.current.onEventDrop(arg);
    });
    expect(await screen.findByText(RESCHEDULED_MESSAGE)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/calendar/rescheduleEvent', PAYLOAD);
    expect(revert).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a 403 shows the reason',
      new ApiError(403, 'Attendance is recorded; reset it first.'),
      'Attendance is recorded; reset it first.',
    ],
    [
      'a 409 shows the message',
      new ApiError(409, 'That time is already booked for this therapist.'),
      'That time is already booked for this therapist.',
    ],
    ['anything else the spec text', new ApiError(500, 'boom'), RESCHEDULE_FAILED_MESSAGE],
    ['no answer the spec text', new ApiError(0, 'offline'), RESCHEDULE_FAILED_MESSAGE],
  ])('puts the event back: %s', async (_name, error, message) => {
    vi.spyOn(api, 'post').mockRejectedValue(error);
    const { result } = renderHook(() => useDragReschedule(), { wrapper });
    const { arg, revert } = drop();
    act(() => {
      result.current.onEventDrop(arg);
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(revert).toHaveBeenCalledOnce();
  });

  it('asks the scope for a series occurrence, then sends it', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(MOVED);
    const { result } = renderHook(() => useDragReschedule(), { wrapper });
    const { arg } = drop(7);
    act(() => {
      result.current.onEventDrop(arg);
    });
    expect(post).not.toHaveBeenCalled();
    expect(result.current.seriesMove).toEqual({
      eventId: 41,
      newStart: '2026-12-06T15:00:00.000Z',
    });
    act(() => {
      result.current.chooseScope('following');
    });
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/api/calendar/rescheduleEvent', {
        ...PAYLOAD,
        scope: 'following',
      });
    });
    expect(result.current.seriesMove).toBeNull();
  });

  it('puts a series occurrence back when the scope question is closed', () => {
    const post = vi.spyOn(api, 'post');
    const { result } = renderHook(() => useDragReschedule(), { wrapper });
    const { arg, revert } = drop(7);
    act(() => {
      result.current.onEventDrop(arg);
    });
    act(() => {
      result.current.cancelSeriesMove();
    });
    expect(revert).toHaveBeenCalledOnce();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses to move anything that is not a practice event', () => {
    const post = vi.spyOn(api, 'post');
    const { result } = renderHook(() => useDragReschedule(), { wrapper });
    const { arg, revert } = drop();
    (arg.event as unknown as { extendedProps: unknown }).extendedProps = { source: 'external' };
    act(() => {
      result.current.onEventDrop(arg);
    });
    expect(revert).toHaveBeenCalledOnce();
    expect(post).not.toHaveBeenCalled();
  });
});
