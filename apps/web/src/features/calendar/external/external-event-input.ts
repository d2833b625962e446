import type { EventInput } from '@fullcalendar/core';
import { readableTextColour } from '@openpractice/domain';

import type { ExternalEvent } from './api';

/**
 * An outside event as FullCalendar draws it (spec-1 §3 'External-calendar
 * event mapped to'): id, title, start, end, all day, its calendar's id and
 * colour, never editable. The therapist is its resource in column views.
 */
export function toExternalEventInput(event: ExternalEvent): EventInput {
  return {
    id: `external-${event.id}`,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    resourceId: String(event.therapistId),
    backgroundColor: event.color,
    borderColor: event.color,
    textColor: readableTextColour(event.color),
    editable: false,
    startEditable: false,
    durationEditable: false,
    resourceEditable: false,
    classNames: ['op-external-event'],
    extendedProps: {
      kind: 'external',
      calendarId: event.calendarId,
      color: event.color,
      therapistId: event.therapistId,
    },
  };
}
