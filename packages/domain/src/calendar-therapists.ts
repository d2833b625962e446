/**
 * Whose calendars the calendar screen shows (spec-1 §4 Calendar loading, §9
 * limits): the therapists shown, their resource columns and the empty state.
 */
import { THERAPIST_SELECTION_LIMIT } from './constants.ts';
import { capTherapistSelection } from './scheduling.ts';

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
