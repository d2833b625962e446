/**
 * The calendar screen's rules (spec-1 §2 Calendar screen, §3 Calendar view
 * state, §4 Calendar loading, §9 limits): which view is shown, whose
 * calendars, the resource columns, the empty state, the window a view
 * fetches and the column widths. Pure: "today" is always a parameter.
 */
import {
  DEFAULT_CALENDAR_VIEW,
  MONTH_VIEW_WEEKS,
  RESOURCE_DAY_MIN_WIDTH,
  RESOURCE_SINGLE_DAY_MIN_WIDTH,
  THERAPIST_SELECTION_LIMIT,
} from './constants.ts';
import { capTherapistSelection } from './scheduling.ts';

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
    startDate: isIsoDate(remembered.startDate) ? remembered.startDate : today,
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

export interface VisibleTherapist {
  id: number;
  active: boolean;
}

export interface ShownTherapistsInput {
  /** 'own': a therapist-only user, who sees only their own calendar. */
  reach: 'practice' | 'own';
  /** The current user's therapist record in this practice, if any. */
  currentTherapistId: number | null;
  /** Every therapist the user may see, active first, in display order. */
  therapists: readonly VisibleTherapist[];
  /** The therapists chosen in the filter, in the order chosen. */
  selectedIds: readonly number[];
  mySchedule: boolean;
}

export interface ShownTherapists {
  therapistIds: number[];
  /** More than the limit (16) were chosen; only the first 16 are shown. */
  tooMany: boolean;
  /** My Schedule is in effect (it needs a therapist record of the current user). */
  mySchedule: boolean;
}

/**
 * Whose calendars are shown (spec-1 §4): therapist-only users see their own;
 * My Schedule shows the current user's; otherwise the chosen therapists (at
 * most 16, flagged when more were chosen), or the first 16 active ones.
 */
export function shownTherapists(input: ShownTherapistsInput): ShownTherapists {
  const own = input.currentTherapistId;
  if (input.reach === 'own') {
    return {
      therapistIds: own === null ? [] : [own],
      tooMany: false,
      mySchedule: input.mySchedule,
    };
  }
  if (input.mySchedule && own !== null) {
    return { therapistIds: [own], tooMany: false, mySchedule: true };
  }
  const known = new Set(input.therapists.map((t) => t.id));
  const chosen = [...new Set(input.selectedIds)].filter((id) => known.has(id));
  if (chosen.length > 0) {
    const capped = capTherapistSelection(chosen, THERAPIST_SELECTION_LIMIT);
    return { therapistIds: capped.selection, tooMany: capped.tooMany, mySchedule: false };
  }
  const firstActive = input.therapists
    .filter((t) => t.active)
    .slice(0, THERAPIST_SELECTION_LIMIT)
    .map((t) => t.id);
  return { therapistIds: firstActive, tooMany: false, mySchedule: false };
}

export interface ResourceTherapist {
  id: number;
  practitionerFirstName: string;
  practitionerLastName: string;
}

/** A therapist column (spec-1 §3 resources: id, title, lastName, sort). */
export interface CalendarResource {
  id: string;
  title: string;
  lastName: string;
  sort: number;
}

export interface ResourcesInput {
  /** Every visible therapist in display order (active first, by last name). */
  therapists: readonly ResourceTherapist[];
  shownIds: readonly number[];
  mySchedule: boolean;
  /** Locations are selected in the filter. */
  locationsSelected: boolean;
  /** Exactly one therapist is chosen in the filter. */
  singleTherapistChosen: boolean;
  /** Therapists with an event or availability in the fetched window (at the selected locations). */
  therapistsWithItems: ReadonlySet<number>;
}

/**
 * The resource columns, rebuilt after every fetch (spec-1 §4): none in My
 * Schedule. With a location filter (and not one therapist chosen) only the
 * therapists who have something at those locations get a column, so a
 * location shows who works there.
 */
export function calendarResources(input: ResourcesInput): CalendarResource[] {
  if (input.mySchedule) return [];
  const shown = new Set(input.shownIds);
  const narrowToItems = input.locationsSelected && !input.singleTherapistChosen;
  return input.therapists
    .filter((t) => shown.has(t.id))
    .filter((t) => !narrowToItems || input.therapistsWithItems.has(t.id))
    .map((t, index) => ({
      id: String(t.id),
      title: `${t.practitionerFirstName} ${t.practitionerLastName}`.trim(),
      lastName: t.practitionerLastName,
      sort: index,
    }));
}

export interface EmptyStateInput {
  resourceCount: number;
  mySchedule: boolean;
  locationsSelected: boolean;
  singleTherapistChosen: boolean;
  hasAvailability: boolean;
  hasFetched: boolean;
}

/**
 * The empty-state message shows when there are no resources, My Schedule is
 * off, locations are selected, no single therapist is chosen, there is no
 * availability and a fetch has completed (spec-1 §2).
 */
export function showCalendarEmptyState(input: EmptyStateInput): boolean {
  return (
    input.resourceCount === 0 &&
    !input.mySchedule &&
    input.locationsSelected &&
    !input.singleTherapistChosen &&
    !input.hasAvailability &&
    input.hasFetched
  );
}

export const CALENDAR_EMPTY_STATE_MESSAGE =
  'No one has availability or appointments at the selected locations on these dates. ' +
  'Choose other locations or dates, pick a single therapist, or clear the location filter.';

export const TOO_MANY_THERAPISTS_MESSAGE =
  `The calendar shows at most ${THERAPIST_SELECTION_LIMIT} therapists at a time. ` +
  `Only the first ${THERAPIST_SELECTION_LIMIT} you chose are shown.`;

// --- Windows and widths -----------------------------------------------------------

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(utcOf(value));
}

function utcOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function dayOfUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Adds whole days to an ISO date (calendar arithmetic, no time zone involved). */
export function addIsoDays(day: string, days: number): string {
  return dayOfUtc(utcOf(day) + days * DAY_MS);
}

/** The Sunday on or before the day (weeks start on Sunday: SUN is 0). */
export function sundayOnOrBefore(day: string): string {
  const ms = utcOf(day);
  return dayOfUtc(ms - new Date(ms).getUTCDay() * DAY_MS);
}

/** [start, end) as ISO dates; the server reads a bare date as midnight in the practice's zone. */
export interface CalendarWindow {
  start: string;
  end: string;
}

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
    case 'resourceTimeGridWeek': {
      const start = sundayOnOrBefore(day);
      return { start, end: addIsoDays(start, 7) };
    }
    case 'dayGridMonth': {
      const start = sundayOnOrBefore(`${day.slice(0, 7)}-01`);
      return { start, end: addIsoDays(start, MONTH_VIEW_WEEKS * 7) };
    }
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
    case 'dayGridMonth': {
      const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
      const target = new Date(Date.UTC(year, month - 1 + steps, 1));
      const lastDay = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(date, lastDay));
      return dayOfUtc(target.getTime());
    }
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

// --- Event text and colour ----------------------------------------------------------

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** Black or white, whichever reads better on the colour (WCAG contrast). Unknown colours get black. */
export function readableTextColour(background: string | null | undefined): '#000000' | '#ffffff' {
  const l = background ? luminance(background) : null;
  if (l === null) return '#000000';
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite > onBlack ? '#ffffff' : '#000000';
}

/** The fields of a received calendar event that name it. */
export interface CalendarEventTitleFields {
  calendar_event_kind?: string | null;
  calendar_event_name?: string | null;
  patient_first_name?: string | null;
  patient_last_name?: string | null;
  isGroup?: boolean | number | null;
}

const KIND_TITLES: Record<string, string> = {
  appointment: 'Appointment',
  meeting: 'Meeting / Busy',
  out_of_office: 'Out of Office',
  holiday: 'Holiday',
};

/**
 * What an event is called on the calendar: the client's (or the group's)
 * name for an appointment, else the meeting's name, else its kind.
 */
export function calendarEventTitle(event: CalendarEventTitleFields): string {
  const kind = event.calendar_event_kind ?? 'appointment';
  const named = (event.calendar_event_name ?? '').trim();
  if (kind === 'appointment') {
    const person = [event.patient_first_name, event.patient_last_name]
      .map((part) => (part ?? '').trim())
      .filter((part) => part !== '')
      .join(' ');
    if (event.isGroup && named !== '') return named;
    return person || named || KIND_TITLES.appointment || 'Appointment';
  }
  return named || KIND_TITLES[kind] || 'Calendar item';
}
