import type { EventInput } from '@fullcalendar/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { getExternalEventsQueryOptions } from './api';
import { toExternalEventInput } from './external-event-input';

export interface ExternalEventsQuery {
  therapistIds: readonly number[];
  start: string;
  end: string;
  /** Only when the current user is among the shown therapists (spec-1 §4). */
  enabled: boolean;
}

/** The matching message for external calendars (spec-1 §8 Calendar). */
export const EXTERNAL_EVENTS_LOAD_FAILED =
  'We had a problem getting your external calendars. Please reload to try again.';

const NO_EVENTS: EventInput[] = [];

/**
 * Read-only events from the connected external calendars of the shown
 * therapists: titles for the current user's own, 'Busy' for others'.
 */
export function useExternalEvents(query: ExternalEventsQuery): {
  events: EventInput[];
  isError: boolean;
  refetch: () => void;
} {
  const notify = useNotify();
  const enabled = query.enabled && query.therapistIds.length > 0;
  const result = useQuery({
    ...getExternalEventsQueryOptions({
      therapistIds: query.therapistIds,
      start: query.start,
      end: query.end,
    }),
    enabled,
  });
  useEffect(() => {
    if (enabled && result.isError) notify.error(EXTERNAL_EVENTS_LOAD_FAILED);
  }, [enabled, result.isError, notify]);
  const events = useMemo(
    () => (enabled && result.data ? result.data.map(toExternalEventInput) : NO_EVENTS),
    [enabled, result.data],
  );
  return {
    events,
    isError: enabled && result.isError,
    refetch: () => {
      void result.refetch();
    },
  };
}
