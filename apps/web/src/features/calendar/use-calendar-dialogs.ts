import type { EventClickArg } from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import { zonedIsoDate } from '@openpractice/domain';
import { useCallback, useState } from 'react';

import type { DetailsTarget } from './details/event-details-dialog';
import type { SchedulingSeed } from './scheduling/scheduling-dialog';
import type { SimpleCreateSeed } from './scheduling/simple-create-dialog';
import type { VisibleCalendars } from './api';
import { isMoreItem, isPracticeItem } from './event-mapping';
import type { CalendarState } from './use-calendar-state';
import { useNewRequest } from './use-new-request';
import { useOpenEventRequest } from './use-open-event-request';

/**
 * Which of the calendar's dialogs is open, and what opens each: the New button and menu, a
 * click on an empty slot or on an item, and a link to one appointment. Kept apart from the
 * screen so the rules of "who is a new item for, on which day" live in one place.
 */
export function useCalendarDialogs(calendars: VisibleCalendars, state: CalendarState) {
  const timeZone = calendars.timezone;
  const { shown, date, setView, setDate } = state;
  const therapistIds = shown.therapistIds;
  const [schedulingSeed, setSchedulingSeed] = useState<SchedulingSeed | null>(null);
  const [simpleSeed, setSimpleSeed] = useState<SimpleCreateSeed | null>(null);
  const [details, setDetails] = useState<DetailsTarget | null>(null);

  /** Who a new item is for when the click does not say: the user's own, or the only one shown. */
  const defaultTherapist =
    shown.mySchedule || therapistIds.length === 1
      ? (therapistIds[0] ?? null)
      : calendars.currentTherapistId;

  useNewRequest((requestType) => {
    if (calendars.maySchedule) {
      setSchedulingSeed({ requestType, allowTypeSelection: true, therapistId: defaultTherapist });
    }
  });

  // A link to one appointment (the availability editor's warning): its day, then its details.
  useOpenEventRequest((eventId, day) => {
    if (day) setDate(day);
    setDetails({ eventId, attendeeId: null, kind: 'appointment' });
  });

  /** "New appointment": on the day shown (at the working day's start) unless that is today. */
  const openNew = () => {
    const onToday = date === zonedIsoDate(new Date(), timeZone);
    setSchedulingSeed({
      allowTypeSelection: true,
      therapistId: defaultTherapist,
      ...(onToday ? {} : { start: date }),
    });
  };

  const onDateClick = useCallback(
    (arg: DateClickArg) => {
      const resourceId = arg.resource ? Number(arg.resource.id) : null;
      const therapistId = resourceId ?? defaultTherapist;
      if (arg.view.type === 'dayGridMonth') {
        setSimpleSeed({ therapistId, start: arg.dateStr.slice(0, 10), allDay: true });
        return;
      }
      setSchedulingSeed({
        allowTypeSelection: true,
        therapistId,
        start: arg.date.toISOString(),
        allDay: arg.allDay,
      });
    },
    [defaultTherapist],
  );

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      const props: unknown = arg.event.extendedProps;
      if (isMoreItem(props)) {
        // "+N more" opens that day: by therapist, or the single grid in My Schedule.
        setView(shown.mySchedule ? 'timeGridDay' : 'resourceTimeGridDay');
        setDate(props.day);
        return;
      }
      if (!isPracticeItem(props)) return;
      setDetails({ eventId: props.eventId, attendeeId: props.attendeeId, kind: props.kind });
    },
    [setView, setDate, shown.mySchedule],
  );

  return {
    schedulingSeed,
    simpleSeed,
    details,
    closeScheduling: () => {
      setSchedulingSeed(null);
    },
    closeSimple: () => {
      setSimpleSeed(null);
    },
    closeDetails: () => {
      setDetails(null);
    },
    openNew,
    onDateClick,
    onEventClick,
  };
}

export type CalendarDialogs = ReturnType<typeof useCalendarDialogs>;
