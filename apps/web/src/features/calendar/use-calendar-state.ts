import {
  calendarPositionOnLoad,
  recordCalendarVisit,
  resolveCalendarView,
  shownTherapists,
  type CalendarViewName,
  type ShownTherapists,
} from '@openpractice/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';

import type { VisibleCalendars } from './api';
import {
  browserStores,
  loadRememberedCalendar,
  saveCalendarFilters,
  saveCalendarPosition,
  type CalendarFilters,
  type CalendarStores,
} from './calendar-prefs';

export interface CalendarState {
  filters: CalendarFilters;
  setFilters: (next: CalendarFilters) => void;
  shown: ShownTherapists;
  /** The view in use: the chosen one, adjusted to the mode and the number shown. */
  view: CalendarViewName;
  date: string;
  setView: (view: CalendarViewName) => void;
  setDate: (date: string) => void;
}

type CalendarsWithReach = VisibleCalendars & { reach: 'practice' | 'own' };

/**
 * On a phone the calendar opens on a day, not a week (issue 15): a week's
 * seven columns are too narrow to read at 375 px. The week views give way to
 * their day twins; the month (a list of busy days) stays as chosen.
 */
export function openingViewOnPhone(view: CalendarViewName): CalendarViewName {
  if (view === 'timeGridWeek') return 'timeGridDay';
  if (view === 'resourceTimeGridWeek') return 'resourceTimeGridDay';
  return view;
}

function defaultFilters(calendars: CalendarsWithReach): CalendarFilters {
  return {
    therapistIds: [],
    locationIds: [],
    includeCancelled: false,
    // A therapist-only user's calendar is their own: start in My Schedule.
    mySchedule: calendars.reach === 'own' && calendars.currentTherapistId !== null,
  };
}

/**
 * The calendar's view state (spec-1 §3, §4 Calendar loading, §9): filters
 * and position are read once from what the browser remembers, the day-of-year
 * reset applied (on a phone, a week opens as its day), and every change
 * written back.
 */
export function useCalendarState(
  calendars: CalendarsWithReach,
  today: string,
  options: { phone?: boolean; stores?: CalendarStores } = {},
): CalendarState {
  const storesOverride = options.stores;
  const [stores] = useState(() => storesOverride ?? browserStores());
  const [remembered] = useState(() => loadRememberedCalendar(stores, calendars.userId));
  const [filters, setFilterState] = useState<CalendarFilters>(
    () => remembered.filters ?? defaultFilters(calendars),
  );

  const shown = useMemo(
    () =>
      shownTherapists({
        reach: calendars.reach,
        currentTherapistId: calendars.currentTherapistId,
        therapists: calendars.therapists,
        selectedIds: filters.therapistIds,
        mySchedule: filters.mySchedule,
      }),
    [calendars, filters.therapistIds, filters.mySchedule],
  );
  const context = useMemo(
    () => ({ mySchedule: shown.mySchedule, therapistCount: shown.therapistIds.length }),
    [shown],
  );

  const [position, setPosition] = useState(() => {
    const start = calendarPositionOnLoad(remembered.position, today, context);
    return {
      view: options.phone ? openingViewOnPhone(start.view) : start.view,
      date: start.startDate,
    };
  });
  const view = resolveCalendarView(position.view, context);

  // Any date or view change records today as the day of the visit (and the reset on load is one).
  useEffect(() => {
    saveCalendarPosition(
      stores,
      calendars.userId,
      recordCalendarVisit({ view, startDate: position.date }, today),
    );
  }, [stores, calendars.userId, view, position.date, today]);

  const setFilters = useCallback(
    (next: CalendarFilters) => {
      setFilterState(next);
      saveCalendarFilters(stores, calendars.userId, next);
    },
    [stores, calendars.userId],
  );
  const setView = useCallback((next: CalendarViewName) => {
    setPosition((current) => ({ ...current, view: next }));
  }, []);
  const setDate = useCallback((next: string) => {
    setPosition((current) => ({ ...current, date: next }));
  }, []);

  return { filters, setFilters, shown, view, date: position.date, setView, setDate };
}
