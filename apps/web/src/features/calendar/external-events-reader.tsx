import type { EventInput } from '@fullcalendar/core';
import { useEffect } from 'react';

import { useExternalEvents, type ExternalEventsQuery } from './external/use-external-events';

export interface ExternalEventsReaderProps {
  query: ExternalEventsQuery;
  onEvents: (events: EventInput[]) => void;
}

/**
 * Reads the connected outside calendars' events for the calendar page and
 * hands them up. Its own module, loaded only once someone with outside
 * calendars is shown (lazy-dialogs.tsx): most users have none, and the
 * calendar's first load stays within its budget (issue 15).
 */
export function ExternalEventsReader({ query, onEvents }: ExternalEventsReaderProps) {
  const { events } = useExternalEvents(query);
  useEffect(() => {
    onEvents(events);
  }, [events, onEvents]);
  return null;
}
