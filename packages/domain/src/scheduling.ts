/**
 * Rules of the scheduling dialog and the calendar's therapist selection
 * (spec-1 §3, §4 and §5).
 */
import {
  AVAILABILITY_LOOKUP_MAX_DAYS,
  DEFAULT_OCCURRENCES,
  DURATION_STEP_MINUTES,
  MAX_OCCURRENCES,
  MAX_OFFERED_DURATION_MINUTES,
  MIN_OFFERED_DURATION_MINUTES,
  TELEHEALTH_POS_CODES,
  THERAPIST_SELECTION_LIMIT,
} from './constants.ts';
import { toDay, type DateInput } from './dates.ts';
import {
  formatSeriesWhen,
  occurrencesUntil,
  SERIES_TOO_LONG,
  SERIES_UNTIL_BEFORE_START,
  type SeriesIntervalWeeks,
} from './series.ts';
import { zonedIsoDate } from './zoned-time.ts';

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

// --- Product options of a scheduling request (findProductsForSchedulingRequest) ---

/** How the suggested product was found, in order of preference (spec-1 §3 Product option). */
export const PRODUCT_FIND_TYPES = ['last_appointment', 'primary_cpt', 'default_product'] as const;
export type ProductFindType = (typeof PRODUCT_FIND_TYPES)[number];

/**
 * Group products (e.g. 90853) are offered only for a group, and a group is
 * offered only group products: an individual session cannot be billed to a
 * group record, nor a group session to one client's booking.
 */
export function isProductSuitedToClient(
  product: { isGroup: boolean },
  client: { isGroup: boolean },
): boolean {
  return product.isGroup === client.isGroup;
}

export interface ProductSuggestionFacts {
  /** The products offered for this client (already filtered to the suited, active ones). */
  offeredProductIds: readonly number[];
  /** The product of the client's most recent live appointment with this therapist before the start. */
  lastAppointmentProductId: number | null;
  /** The therapist's primary CPT code. */
  therapistDefaultProductId: number | null;
  /** The practice's default products (normally one). */
  practiceDefaultProductIds: readonly number[];
}

/**
 * The product to preselect: the one of the last appointment with this
 * therapist, else the therapist's primary CPT code, else the practice's
 * default. A candidate that is not offered (inactive, or not suited to the
 * client) is skipped and the next rule applies; none at all gives null.
 */
export function suggestProduct(
  facts: ProductSuggestionFacts,
): { productId: number; findType: ProductFindType } | null {
  const offered = new Set(facts.offeredProductIds);
  const candidates: [number | null, ProductFindType][] = [
    [facts.lastAppointmentProductId, 'last_appointment'],
    [facts.therapistDefaultProductId, 'primary_cpt'],
    ...facts.practiceDefaultProductIds.map(
      (id) => [id, 'default_product'] as [number, ProductFindType],
    ),
  ];
  for (const [productId, findType] of candidates) {
    if (productId !== null && offered.has(productId)) return { productId, findType };
  }
  return null;
}

/** What choosing a product option can change (spec-1 §3 Product option). */
export interface ProductChoice {
  duration: number | null;
  is_telehealth: boolean;
  telehealth_pos: string | null;
}

export interface TelehealthEligibility {
  /** The therapist may hold telehealth sessions (practice feature and therapist setting). */
  hasTelehealth: boolean;
  /** Place-of-service codes the therapist may use. */
  allowedPos: readonly string[];
  /** The slot lies only in telehealth availability (no in-person availability covers it). */
  onlyTelehealthAvailability: boolean;
}

export interface AppointmentSettings {
  duration: number;
  telehealth: boolean;
  telehealthPos: TelehealthPos;
}

/**
 * Choosing a product (spec-1 §4 Scheduling dialog): its duration becomes the
 * appointment's; telehealth turns on when the product is a telehealth one, or
 * when only telehealth availability covers the slot, provided the therapist
 * allows telehealth; the product's place of service is taken when it is one
 * the therapist may use. Nothing else changes (a non-telehealth product does
 * not switch telehealth off).
 */
export function applyProductChoice(
  current: AppointmentSettings,
  option: ProductChoice,
  eligibility: TelehealthEligibility,
): AppointmentSettings {
  const duration =
    option.duration !== null && option.duration > 0 ? option.duration : current.duration;
  const wantsTelehealth = option.is_telehealth || eligibility.onlyTelehealthAvailability;
  const telehealth = wantsTelehealth && eligibility.hasTelehealth ? true : current.telehealth;
  const pos =
    isAllowedTelehealthPos(option.telehealth_pos) &&
    eligibility.allowedPos.includes(option.telehealth_pos)
      ? option.telehealth_pos
      : current.telehealthPos;
  return { duration, telehealth, telehealthPos: pos };
}

/**
 * The duration choices: the offered 15–105 minutes, plus the current length
 * when a product or an earlier booking gave one that is not on the list
 * (e.g. 50 minutes for family therapy), so the select never hides it.
 */
export function durationOptionsWith(current: number | null | undefined): DurationOption[] {
  const options = offeredDurations();
  if (current === null || current === undefined || !Number.isInteger(current) || current <= 0) {
    return options;
  }
  if (options.some((o) => o.minutes === current)) return options;
  return [...options, { minutes: current, label: `${current} minutes` }].sort(
    (a, b) => a.minutes - b.minutes,
  );
}

// --- Availability around a requested slot ---

export interface AvailabilityBlock {
  /** ISO instants. */
  start: string;
  end: string;
  inPerson: boolean;
  telehealth: boolean;
}

export interface AvailabilityModes {
  telehealthAvailability: boolean;
  inPersonAvailability: boolean;
  onlyTelehealthAvailability: boolean;
}

/** Which kinds of availability cover the start of a requested slot (spec-1 §3 Scheduling request). */
export function availabilityModesAt(
  blocks: readonly AvailabilityBlock[],
  start: string,
): AvailabilityModes {
  const at = Date.parse(start);
  const covering = Number.isNaN(at)
    ? []
    : blocks.filter((b) => Date.parse(b.start) <= at && at < Date.parse(b.end));
  const telehealthAvailability = covering.some((b) => b.telehealth);
  const inPersonAvailability = covering.some((b) => b.inPerson);
  return {
    telehealthAvailability,
    inPersonAvailability,
    onlyTelehealthAvailability: telehealthAvailability && !inPersonAvailability,
  };
}

// --- The client's next appointment ---

export interface NextAppointmentFacts {
  /** ISO instants. */
  start: string;
  end: string;
  therapistId: number;
  therapistName: string;
}

export interface RequestedSlot {
  /** ISO instant. */
  start: string;
  durationMinutes: number;
  therapistId: number;
}

/**
 * Warnings about the client's next appointment, shown in the scheduling
 * dialog before booking another one (days and times on the practice's clock):
 * - it overlaps the requested time: 'The client already has an appointment at this time (Wed 3/18/2026 9:00 AM).'
 * - else it is on the requested day: 'The client already has an appointment that day (Wed 3/18/2026 9:00 AM).'
 * - it is with another therapist: 'The client's next appointment is with Dana Reyes.'
 */
export function nextAppointmentWarnings(
  next: NextAppointmentFacts,
  requested: RequestedSlot,
  timezone: string,
): string[] {
  const warnings: string[] = [];
  const nextStart = Date.parse(next.start);
  const nextEnd = Date.parse(next.end);
  const requestedStart = Date.parse(requested.start);
  if (!Number.isNaN(nextStart) && !Number.isNaN(nextEnd) && !Number.isNaN(requestedStart)) {
    const requestedEnd = requestedStart + Math.max(requested.durationMinutes, 0) * 60_000;
    const overlaps =
      requestedEnd > requestedStart
        ? nextStart < requestedEnd && nextEnd > requestedStart
        : nextStart <= requestedStart && requestedStart < nextEnd;
    const when = formatSeriesWhen(next.start, timezone);
    if (overlaps) {
      warnings.push(`The client already has an appointment at this time (${when}).`);
    } else if (zonedIsoDate(next.start, timezone) === zonedIsoDate(requested.start, timezone)) {
      warnings.push(`The client already has an appointment that day (${when}).`);
    }
  }
  if (next.therapistId !== requested.therapistId) {
    warnings.push(`The client's next appointment is with ${next.therapistName}.`);
  }
  return warnings;
}

// --- Repeating appointments ---

export const REPEAT_FREQUENCIES = ['none', 'weekly', 'everyOtherWeek'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** How a series ends: after a number of appointments, or on a date (inclusive). */
export type RepeatEnd = { kind: 'after'; occurrences: number } | { kind: 'on'; untilDate: string };

/** The repeat fields of `POST /api/calendar/createAppointment`. */
export type RepeatPayload =
  | { occurrences: number; intervalWeeks: SeriesIntervalWeeks }
  | { untilDate: string; intervalWeeks: SeriesIntervalWeeks };

export function repeatIntervalWeeks(frequency: RepeatFrequency): SeriesIntervalWeeks {
  return frequency === 'everyOtherWeek' ? 2 : 1;
}

export const REPEAT_OCCURRENCES_MESSAGE = `Enter a number of appointments from 1 to ${MAX_OCCURRENCES}.`;

/** Why the repeat choice cannot be booked, or null. `firstDay` is the first appointment's ISO date. */
export function repeatProblem(
  frequency: RepeatFrequency,
  end: RepeatEnd,
  firstDay: string,
): string | null {
  if (frequency === 'none') return null;
  if (end.kind === 'after') {
    return Number.isInteger(end.occurrences) &&
      end.occurrences >= 1 &&
      end.occurrences <= MAX_OCCURRENCES
      ? null
      : REPEAT_OCCURRENCES_MESSAGE;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end.untilDate) || Number.isNaN(Date.parse(end.untilDate))) {
    return SERIES_UNTIL_BEFORE_START;
  }
  const count = occurrencesUntil(firstDay, end.untilDate, repeatIntervalWeeks(frequency));
  if (count < 1) return SERIES_UNTIL_BEFORE_START;
  return count > MAX_OCCURRENCES ? SERIES_TOO_LONG : null;
}

/** The series fields to send: one appointment, N of them, or until a date; weekly or every other week. */
export function repeatPayload(frequency: RepeatFrequency, end: RepeatEnd): RepeatPayload {
  if (frequency === 'none') return { occurrences: DEFAULT_OCCURRENCES, intervalWeeks: 1 };
  const intervalWeeks = repeatIntervalWeeks(frequency);
  return end.kind === 'after'
    ? { occurrences: end.occurrences, intervalWeeks }
    : { untilDate: end.untilDate, intervalWeeks };
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
