/**
 * Rules of the scheduling dialog and the calendar's therapist selection
 * (spec-1 §3, §4 and §5).
 */
import {
  AVAILABILITY_LOOKUP_MAX_DAYS,
  DURATION_STEP_MINUTES,
  MAX_OFFERED_DURATION_MINUTES,
  MIN_OFFERED_DURATION_MINUTES,
  TELEHEALTH_POS_CODES,
  THERAPIST_SELECTION_LIMIT,
} from './constants.ts';
import { toDay, type DateInput } from './dates.ts';

export const SCHEDULING_REQUEST_TYPES = ['Appointment', 'Meeting', 'Out of Office'] as const;
export type SchedulingRequestType = (typeof SCHEDULING_REQUEST_TYPES)[number];

export interface SchedulingDialogState {
  requestType: SchedulingRequestType;
  clientId: number | string | null | undefined;
  /** The chosen product; only its duration matters for validity. */
  product: { duration: number | null | undefined } | null | undefined;
  conflictCount: number;
  allowDoubleBooking: boolean;
  busy: boolean;
}

/**
 * Save is allowed when the request is complete, does not clash (or the user
 * accepted double booking) and nothing is in flight. Meetings and out-of-office
 * blocks need no client or product; an appointment needs both, and the product
 * must carry a duration so the booking has a length.
 */
export function isSchedulingRequestValid(state: SchedulingDialogState): boolean {
  const complete =
    state.requestType !== 'Appointment' ||
    (hasValue(state.clientId) && (state.product?.duration ?? 0) > 0);
  const clashFree = state.conflictCount === 0 || state.allowDoubleBooking;
  return complete && clashFree && !state.busy;
}

function hasValue(id: number | string | null | undefined): boolean {
  return id !== null && id !== undefined && id !== '';
}

export interface DurationOption {
  minutes: number;
  label: string;
}

/** The offered lengths: 15 to 105 minutes in 15-minute steps, labelled 'N minutes'. */
export function offeredDurations(): DurationOption[] {
  const options: DurationOption[] = [];
  for (
    let minutes = MIN_OFFERED_DURATION_MINUTES;
    minutes <= MAX_OFFERED_DURATION_MINUTES;
    minutes += DURATION_STEP_MINUTES
  ) {
    options.push({ minutes, label: `${minutes} minutes` });
  }
  return options;
}

/** The event name a new meeting gets when the user leaves it blank. */
export function defaultMeetingEventName(requestType: SchedulingRequestType): string {
  return requestType === 'Out of Office' ? 'Out of Office' : 'Meeting / Busy';
}

export type TelehealthPos = (typeof TELEHEALTH_POS_CODES)[number];

/** Only these place-of-service codes may be set from a product. */
export function isAllowedTelehealthPos(pos: string | null | undefined): pos is TelehealthPos {
  return (TELEHEALTH_POS_CODES as readonly (string | null | undefined)[]).includes(pos);
}

export interface CappedSelection<T> {
  selection: T[];
  /** True when more were chosen than the calendar can show, so the UI can say so. */
  tooMany: boolean;
}

/** Keeps the first `limit` (16) therapists chosen; the rest are dropped and flagged. */
export function capTherapistSelection<T>(
  chosen: readonly T[],
  limit: number = THERAPIST_SELECTION_LIMIT,
): CappedSelection<T> {
  return { selection: chosen.slice(0, limit), tooMany: chosen.length > limit };
}

/**
 * Availability lookups cover at most 7 days; a longer (or reversed) range must
 * return nothing rather than load a huge result. The difference is measured
 * in calendar days, so a week that crosses a daylight-saving change still
 * counts as exactly 7.
 */
export function isAvailabilityLookupRangeAllowed(start: DateInput, end: DateInput): boolean {
  const from = toDay(start);
  const to = toDay(end);
  if (!from.isValid() || !to.isValid()) return false;
  const days = to.diff(from, 'day', true);
  return days >= 0 && days <= AVAILABILITY_LOOKUP_MAX_DAYS;
}

/** Whose calendars a user may see and book on: the whole practice's, only their own, or none. */
export type CalendarReach = 'practice' | 'own' | 'none';

/** Roles that work the whole practice's calendar (front desk, billing, management). */
const PRACTICE_CALENDAR_AUTHORITIES = [
  'customer.owner',
  'customer.manager',
  'customer.scheduler',
  'customer.frontoffice',
  'customer.biller',
] as const;

/**
 * Therapist-only users see only their own calendar (spec-1 §4); anyone with a
 * practice-wide front-office, billing or management role sees every therapist's.
 */
export function calendarReach(authorities: readonly string[]): CalendarReach {
  if (PRACTICE_CALENDAR_AUTHORITIES.some((a) => authorities.includes(a))) return 'practice';
  if (authorities.includes('customer.therapist')) return 'own';
  return 'none';
}
