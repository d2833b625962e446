/**
 * The calendar screen's rules (spec-1 §2 Calendar screen, §3 Calendar view
 * state, §4 Calendar loading, §9 limits): which view is shown, where it
 * opens, the window a view fetches and the column widths. Whose calendars
 * are shown is in calendar-therapists.ts, what an event says in
 * calendar-event-text.ts. Pure: "today" is always a parameter.
 */
import {
  DEFAULT_CALENDAR_VIEW,
  RESOURCE_DAY_MIN_WIDTH,
  RESOURCE_SINGLE_DAY_MIN_WIDTH,
} from './constants.ts';
import {
  addIsoDays,
  addIsoMonths,
  isIsoDay,
  monthGridWindow,
  weekWindow,
  type DayWindow,
} from './zoned-time.ts';

export const CALENDAR_VIEWS = [
  'timeGridDay',
  'timeGridWeek',
  'dayGridMonth',
  'resourceTimeGridDay',
  'resourceTimeGridWeek',
] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];

/** Views with one column per therapist. */
export const RESOURCE_VIEWS: readonly CalendarViewName[] = [
  'resourceTimeGridDay',
  'resourceTimeGridWeek',
];
/** Views that draw everyone's events in one grid: meant for a single therapist. */
const SINGLE_THERAPIST_VIEWS: readonly CalendarViewName[] = ['timeGridDay', 'timeGridWeek'];

export function isCalendarView(value: unknown): value is CalendarViewName {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

export function isResourceView(view: CalendarViewName): boolean {
  return RESOURCE_VIEWS.includes(view);
}

export interface ViewContext {
  /** My Schedule: one grid for the current user's own calendar. */
  mySchedule: boolean;
  /** How many therapists' calendars are shown. */
  therapistCount: number;
}

/**
 * The view actually used (spec-1 §2): an empty (or unknown) view becomes
 * timeGridWeek; My Schedule has no therapist columns, so a resource view
 * becomes its single-grid twin; several therapists in a single-therapist
 * view switch to resourceTimeGridWeek. The month view suits any number.
 */
export function resolveCalendarView(view: string | null | undefined, context: ViewContext) {
  const chosen: CalendarViewName = isCalendarView(view) ? view : DEFAULT_CALENDAR_VIEW;
  if (context.mySchedule) {
    if (chosen === 'resourceTimeGridDay') return 'timeGridDay';
    if (chosen === 'resourceTimeGridWeek') return 'timeGridWeek';
    return chosen;
  }
  if (context.therapistCount > 1 && SINGLE_THERAPIST_VIEWS.includes(chosen)) {
    return 'resourceTimeGridWeek';
  }
  return chosen;
}

/** The view and date the calendar remembers between visits (spec-1 §3 Calendar view state). */
export interface RememberedCalendarPosition {
  view: string | null;
  /** The day the calendar showed (YYYY-MM-DD). */
  startDate: string | null;
  /** The day (YYYY-MM-DD) of the last date or view change: the spec's dayOfYearCalendarVisited. */
  visitedOn: string | null;
}

export interface CalendarPosition {
  view: CalendarViewName;
  startDate: string;
  /** True when the remembered position was dropped because it was from another day. */
  reset: boolean;
}

/**
 * Where the calendar opens (spec-1 §4 Calendar loading): last visited on
 * another day, it starts today in resourceTimeGridWeek (timeGridWeek in My
 * Schedule); the same day, it reopens the remembered view and date, adjusted
 * to the mode and the number of therapists. The spec compares the day of the
 * year; we compare the whole date, so a visit exactly a year later resets too.
 */
export function calendarPositionOnLoad(
  remembered: RememberedCalendarPosition,
  today: string,
  context: ViewContext,
): CalendarPosition {
  if (remembered.visitedOn !== today) {
    const view = context.mySchedule ? 'timeGridWeek' : 'resourceTimeGridWeek';
    return { view: resolveCalendarView(view, context), startDate: today, reset: true };
  }
  return {
    view: resolveCalendarView(remembered.view, context),
    startDate: isIsoDay(remembered.startDate) ? remembered.startDate : today,
    reset: false,
  };
}

/** Any date or view change records today as the day the calendar was visited. */
export function recordCalendarVisit(
  position: { view: CalendarViewName; startDate: string },
  today: string,
): RememberedCalendarPosition {
  return { view: position.view, startDate: position.startDate, visitedOn: today };
}

// --- Windows and widths -----------------------------------------------------------

/** [start, end) as ISO dates; the server reads a bare date as midnight in the practice's zone. */
export type CalendarWindow = DayWindow;

/**
 * The days a view shows around `day`, which is what it fetches: a day, the
 * Sunday-to-Saturday week, or for the month view six weeks from the Sunday
 * on or before the first of the month (spec-1 §2, §9).
 */
export function calendarFetchWindow(view: CalendarViewName, day: string): CalendarWindow {
  switch (view) {
    case 'timeGridDay':
    case 'resourceTimeGridDay':
      return { start: day, end: addIsoDays(day, 1) };
    case 'timeGridWeek':
    case 'resourceTimeGridWeek':
      return weekWindow(day);
    case 'dayGridMonth':
      return monthGridWindow(day);
  }
}

/**
 * The day the calendar moves to with Previous (-1) or Next (+1): a day, a
 * week, or a month (to the same day of the month, or its last day).
 */
export function shiftCalendarDate(view: CalendarViewName, day: string, steps: number): string {
  switch (view) {
    case 'timeGridDay':
    case 'resourceTimeGridDay':
      return addIsoDays(day, steps);
    case 'timeGridWeek':
    case 'resourceTimeGridWeek':
      return addIsoDays(day, 7 * steps);
    case 'dayGridMonth':
      return addIsoMonths(day, steps);
  }
}

/** Where background availability comes from: the ≤7-day lookup, or the window lookup of the month view. */
export function availabilitySourceFor(view: CalendarViewName): 'days' | 'window' {
  return view === 'dayGridMonth' ? 'window' : 'days';
}

/** Days in a view's columns: 1 for day views, 7 for week views, 0 for the month grid. */
function daysPerColumnGroup(view: CalendarViewName): number {
  if (view === 'timeGridDay' || view === 'resourceTimeGridDay') return 1;
  if (view === 'dayGridMonth') return 0;
  return 7;
}

/**
 * The smallest width of a day column in a resource view (spec-1 §9): 250 px
 * for the single-day view with several therapists, else 50 px; null where
 * columns simply share the width.
 */
export function resourceDayMinWidth(view: CalendarViewName, resourceCount: number): number | null {
  if (!isResourceView(view)) return null;
  if (view === 'resourceTimeGridDay' && resourceCount > 1) return RESOURCE_SINGLE_DAY_MIN_WIDTH;
  return RESOURCE_DAY_MIN_WIDTH;
}

/** The narrowest the grid may get before it scrolls sideways (day columns only, no time axis). */
export function calendarGridMinWidth(view: CalendarViewName, resourceCount: number): number {
  const perDay = resourceDayMinWidth(view, resourceCount);
  if (perDay === null) return 0;
  return perDay * daysPerColumnGroup(view) * Math.max(1, resourceCount);
}
