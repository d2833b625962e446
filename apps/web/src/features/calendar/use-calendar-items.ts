import type { EventInput } from '@fullcalendar/core';
import {
  availabilitySourceFor,
  calendarFetchWindow,
  calendarResources,
  showCalendarEmptyState,
  zonedIsoDate,
  type CalendarViewName,
  type ShownTherapists,
} from '@openpractice/domain';
import { useEffect, useMemo, useState } from 'react';

import { useNotify } from '../../ui/snackbar/use-notify';
import {
  useAvailability,
  useCalendarEvents,
  useMyCalendars,
  useServiceLocations,
  useUsesAvailability,
  type AvailabilityBlock,
  type CalendarEvent,
  type VisibleCalendars,
} from './api';
import type { CalendarFilters } from './calendar-prefs';
import {
  MONTH_EVENTS_PER_DAY,
  asExternalItems,
  summariseMonth,
  toAvailabilityItems,
  toCalendarItems,
  toMoreItems,
} from './event-mapping';
import { useLiveCalendar } from './use-live-calendar';

export const APPOINTMENTS_LOAD_FAILED =
  "We couldn't load appointments. Please reload to try again.";
export const AVAILABILITY_LOAD_FAILED =
  'We had a problem getting availability. Please reload to try again.';
export const CALENDARS_LOAD_FAILED =
  'We had a problem getting your calendars. Please reload to try again.';

const EMPTY: never[] = [];

/** Shows a toast once each time a query fails (not again for the same failure). */
export function useFailureToast(failedAt: number, message: string): void {
  const notify = useNotify();
  useEffect(() => {
    if (failedAt > 0) notify.error(message);
  }, [failedAt, message, notify]);
}

export interface CalendarItemsInput {
  calendars: VisibleCalendars;
  view: CalendarViewName;
  date: string;
  shown: ShownTherapists;
  filters: CalendarFilters;
  /** The user may move events (the scheduling role, not in screen-reader mode). */
  editable: boolean;
}

/** The calls behind a view: events, availability, the user's outside calendars, kept live. */
function useCalendarReads({ calendars, view, date, shown, filters }: CalendarItemsInput) {
  const currentTherapistId = calendars.currentTherapistId;
  const locations = useServiceLocations();
  const locationIds = shown.mySchedule ? EMPTY : filters.locationIds;
  const range = calendarFetchWindow(view, date);
  const therapistIds = shown.therapistIds;

  const events = useCalendarEvents(
    {
      therapistIds,
      locationIds,
      start: range.start,
      end: range.end,
      includeCancelled: filters.includeCancelled,
    },
    therapistIds.length > 0,
  );
  const usesAvailability = useUsesAvailability(shown.mySchedule ? currentTherapistId : null);
  const availability = useAvailability(
    {
      therapistIds,
      locationIds,
      start: range.start,
      end: range.end,
      source: availabilitySourceFor(view),
    },
    therapistIds.length > 0 && !(shown.mySchedule && usesAvailability.data === false),
  );
  const myCalendars = useMyCalendars(currentTherapistId !== null);
  const hasExternalCalendars = (myCalendars.data ?? []).some((c) => c.kind === 'external');
  const currentUserShown = currentTherapistId !== null && therapistIds.includes(currentTherapistId);
  // Read by LazyExternalEvents (its code loads only for users with outside calendars).
  const externalQuery = {
    therapistIds,
    start: range.start,
    end: range.end,
    enabled: currentUserShown && hasExternalCalendars,
  };
  useLiveCalendar(true);

  useFailureToast(events.isError ? events.errorUpdatedAt : 0, APPOINTMENTS_LOAD_FAILED);
  useFailureToast(availability.isError ? availability.errorUpdatedAt : 0, AVAILABILITY_LOAD_FAILED);
  useFailureToast(
    myCalendars.isError || locations.isError
      ? Math.max(myCalendars.errorUpdatedAt, locations.errorUpdatedAt)
      : 0,
    CALENDARS_LOAD_FAILED,
  );
  return { events, availability, externalQuery, locations, locationIds };
}

/**
 * The therapist columns (spec-1 §2, §4): with locations chosen (and not one
 * therapist), only who works there: events there, or availability there (or
 * at any location). A telehealth appointment has no location and says
 * nothing about it.
 */
function useTherapistColumns(
  calendars: VisibleCalendars,
  shown: ShownTherapists,
  locationIds: readonly number[],
  singleTherapistChosen: boolean,
  events: readonly CalendarEvent[] | undefined,
  availability: readonly AvailabilityBlock[] | undefined,
) {
  return useMemo(() => {
    const chosen = new Set(locationIds);
    const withItems = new Set<number>();
    for (const e of events ?? EMPTY) {
      if (e.practice_location_id !== null && chosen.has(e.practice_location_id)) {
        withItems.add(e.user_id_therapist);
      }
    }
    for (const a of availability ?? EMPTY) {
      if (a.practice_location_id === null || chosen.has(a.practice_location_id)) {
        withItems.add(a.user_id_therapist);
      }
    }
    return calendarResources({
      therapists: calendars.therapists,
      shownIds: shown.therapistIds,
      mySchedule: shown.mySchedule,
      locationsSelected: locationIds.length > 0,
      singleTherapistChosen,
      therapistsWithItems: withItems,
    });
  }, [events, availability, calendars.therapists, shown, locationIds, singleTherapistChosen]);
}

/**
 * What the calendar shows for a view (spec-1 §4 Calendar loading): the reads
 * mapped to FullCalendar items, the therapist columns and the empty-state
 * rule. Each failure says so once.
 */
export function useCalendarItems(input: CalendarItemsInput) {
  const { calendars, view, shown, filters, editable } = input;
  const timeZone = calendars.timezone;
  const { events, availability, externalQuery, locations, locationIds } = useCalendarReads(input);
  const [externalEvents, setExternalEvents] = useState<EventInput[]>(EMPTY);

  const locationNames = useMemo(
    () => new Map((locations.data ?? []).map((l) => [l.id, l.name])),
    [locations.data],
  );
  // The month view sums up busy days (all events in screen-reader mode: a list, not a picture).
  const summarise = view === 'dayGridMonth' && !calendars.screenReader;
  // "Now" for past appointments without attendance: when the events were read, so the items
  // map once per answer (the live poll reads them again whenever anything changes).
  const now = events.dataUpdatedAt;
  const practiceItems = useMemo(() => {
    const all = events.data ?? EMPTY;
    const options = { editable, locationNames, now };
    if (!summarise) return toCalendarItems(all, options);
    const month = summariseMonth(all, MONTH_EVENTS_PER_DAY, (instant) =>
      zonedIsoDate(instant, timeZone),
    );
    return [...toCalendarItems(month.shown, options), ...toMoreItems(month.more)];
  }, [events.data, editable, locationNames, now, summarise, timeZone]);
  const availabilityItems = useMemo(
    () => toAvailabilityItems(availability.data ?? EMPTY),
    [availability.data],
  );
  const externalItems = useMemo(() => asExternalItems(externalEvents), [externalEvents]);
  const items = useMemo<EventInput[]>(
    () => [...availabilityItems, ...practiceItems, ...externalItems],
    [availabilityItems, practiceItems, externalItems],
  );

  const singleTherapistChosen = !shown.mySchedule && filters.therapistIds.length === 1;
  const resources = useTherapistColumns(
    calendars,
    shown,
    locationIds,
    singleTherapistChosen,
    events.data,
    availability.data,
  );
  const emptyState = showCalendarEmptyState({
    resourceCount: resources.length,
    mySchedule: shown.mySchedule,
    locationsSelected: locationIds.length > 0,
    singleTherapistChosen,
    hasAvailability: (availability.data?.length ?? 0) > 0,
    hasFetched: events.isFetched,
  });
  const loaded = events.isFetched && !events.isFetching && !events.isPlaceholderData;

  return {
    items,
    resources,
    emptyState,
    loaded,
    locations: locations.data ?? EMPTY,
    external: { query: externalQuery, onEvents: setExternalEvents },
  };
}
