import type { EventDropArg } from '@fullcalendar/core';
import { useCallback, useRef, useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useRescheduleEvent, type ReschedulePayload, type SeriesScope } from './api';
import { isPracticeItem } from './event-mapping';

export const RESCHEDULED_MESSAGE = 'Event successfully rescheduled.';
export const RESCHEDULE_FAILED_MESSAGE = 'There was an error rescheduling. Please try again later.';

/** A drop on a series occurrence waits for the user to say which occurrences move. */
export interface PendingSeriesMove {
  eventId: number;
  newStart: string;
}

interface Pending {
  payload: ReschedulePayload;
  revert: () => void;
}

/** The spec-1 §3 reschedule payload of a dropped event (1/0 for all day). */
export function reschedulePayloadOf(arg: EventDropArg, eventId: number): ReschedulePayload {
  const start = arg.event.start ?? arg.oldEvent.start ?? new Date();
  const oldStart = arg.oldEvent.start?.getTime() ?? start.getTime();
  const oldEnd = arg.oldEvent.end?.getTime() ?? oldStart;
  const end = arg.event.end ?? new Date(start.getTime() + (oldEnd - oldStart));
  return {
    calendar_event_id: eventId,
    calendar_event_starttime: start.toISOString(),
    calendar_event_endtime: end.toISOString(),
    calendar_event_allday: arg.event.allDay ? 1 : 0,
  };
}

/**
 * Drag to reschedule (spec-1 §2, §4, §8): POST rescheduleEvent with the
 * spec's payload; an occurrence of a series first asks the scope. Success
 * says 'Event successfully rescheduled.'; a 403 shows the server's reason
 * as a warning, a 409 its message, anything else the spec's failure text,
 * and the event goes back where it was.
 */
export function useDragReschedule() {
  const notify = useNotify();
  const { mutateAsync: reschedule } = useRescheduleEvent();
  const pending = useRef<Pending | null>(null);
  const [seriesMove, setSeriesMove] = useState<PendingSeriesMove | null>(null);

  const send = useCallback(
    async ({ payload, revert }: Pending) => {
      try {
        await reschedule(payload);
        notify.success(RESCHEDULED_MESSAGE);
      } catch (error) {
        revert();
        if (error instanceof ApiError && error.status === 403) {
          notify.warning(error.message);
        } else if (error instanceof ApiError && error.status === 409) {
          notify.error(error.message);
        } else {
          notify.error(RESCHEDULE_FAILED_MESSAGE);
        }
      }
    },
    [notify, reschedule],
  );

  const onEventDrop = useCallback(
    (arg: EventDropArg) => {
      const props: unknown = arg.event.extendedProps;
      if (!isPracticeItem(props)) {
        arg.revert();
        return;
      }
      const move: Pending = {
        payload: reschedulePayloadOf(arg, props.eventId),
        revert: arg.revert,
      };
      if (props.seriesId !== null) {
        pending.current = move;
        setSeriesMove({ eventId: props.eventId, newStart: move.payload.calendar_event_starttime });
        return;
      }
      void send(move);
    },
    [send],
  );

  const chooseScope = useCallback(
    (scope: SeriesScope) => {
      const move = pending.current;
      pending.current = null;
      setSeriesMove(null);
      if (move) void send({ payload: { ...move.payload, scope }, revert: move.revert });
    },
    [send],
  );

  const cancelSeriesMove = useCallback(() => {
    const move = pending.current;
    pending.current = null;
    setSeriesMove(null);
    move?.revert();
  }, []);

  return { onEventDrop, seriesMove, chooseScope, cancelSeriesMove };
}
