import type { EventInput } from '@fullcalendar/core';

export interface ExternalEventsQuery {
  therapistIds: readonly number[];
  start: string;
  end: string;
  /** Only when the current user is among the shown therapists (spec-1 §4). */
  enabled: boolean;
}

/** Read-only events from the connected external calendars (being built in issue 5). */
export function useExternalEvents(_query: ExternalEventsQuery): { events: EventInput[] } {
  return { events: [] };
}
