/**
 * The scheduling dialog's state and what it sends (spec-1 §3 Scheduling
 * request, §4 Scheduling dialog), as pure functions so they can be tested
 * without a browser. Dates and times are read on the practice's clocks, as
 * the calendar shows them, wherever the browser is.
 */
import {
  applyProductChoice,
  durationOptionsWith,
  type DurationOption,
  DEFAULT_APPOINTMENT_DURATION_MINUTES,
  DEFAULT_CLIENT_SEARCH_CONTEXT,
  DEFAULT_TELEHEALTH_POS,
  instantOfZonedDateTime,
  repeatProblem,
  type ClientSearchContext,
  type RepeatEnd,
  type RepeatFrequency,
  type SchedulingRequestType,
  type TelehealthEligibility,
  type TelehealthPos,
  zonedDateTimeValue,
} from '@openpractice/domain';

import type { ProductOption } from './api';

/** Seeds the scheduling dialog (spec-1 §3 Scheduling request); `null` keeps it closed. */
export interface SchedulingSeed {
  requestType?: SchedulingRequestType;
  allowTypeSelection?: boolean;
  therapistId?: number | null;
  clientId?: number | null;
  /** ISO instant of the chosen slot (or YYYY-MM-DD for an all-day click). */
  start?: string;
  allDay?: boolean;
  mustBeAllDay?: boolean;
  locationId?: number | null;
  /** Minutes, when the slot was found for a length (find an appointment); else 60. */
  duration?: number;
  /** Start as a telehealth appointment (a slot found for telehealth). */
  telehealth?: boolean;
}

export interface ChosenClient {
  id: number;
  /** Null until known (a client given by id shows its name once the products lookup answers). */
  name: string | null;
}

export interface SchedulingForm {
  /** The practice's time zone: the date and time fields are its wall clock. */
  timezone: string;
  requestType: SchedulingRequestType;
  therapistId: number | null;
  client: ChosenClient | null;
  clientSearchContext: ClientSearchContext;
  /** undefined: not chosen, the practice's default location applies; null: no location. */
  locationId: number | null | undefined;
  /** YYYY-MM-DD and HH:mm on the practice's clock. */
  date: string;
  time: string;
  allDay: boolean;
  mustBeAllDay: boolean;
  duration: number;
  /** The chosen product option (see `optionKey`). */
  productKey: string | null;
  telehealth: boolean;
  telehealthPos: TelehealthPos;
  repeat: RepeatFrequency;
  repeatEnd: RepeatEnd['kind'];
  /** Text of the occurrences field. */
  occurrences: string;
  untilDate: string;
  /** Blank means the default name. */
  eventName: string;
  allowDoubleBooking: boolean;
  /** The therapist and client the server's product suggestion was last applied for. */
  suggestionAppliedFor: string | null;
}

/** An all-day click has no time; appointments then start when the working day does (spec-1 §9). */
export const DEFAULT_START_TIME = '09:00';

/** A real YYYY-MM-DD day (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text;
}

/**
 * The lengths a duration field offers: 15 to 105 minutes (spec-1 §5), the chosen one,
 * and the item's own when it is another (an edit can go back to it).
 */
export function offeredLengths(duration: number, original?: number): DurationOption[] {
  const options = durationOptionsWith(duration);
  if (original === undefined || options.some((o) => o.minutes === original)) return options;
  return [...options, ...durationOptionsWith(original).filter((o) => o.minutes === original)].sort(
    (a, b) => a.minutes - b.minutes,
  );
}

/** A product option's identity: its product ids. */
export function optionKey(option: ProductOption): string {
  return option.products.map((p) => p.productId).join('+');
}

const HOUR_MS = 3_600_000;

/** The next whole hour after `now` on the practice's clock, for a dialog opened without a slot. */
function nextWholeHour(now: Date, timezone: string): { date: string; time: string } {
  const next = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS).toISOString();
  return wallDateTime(next, timezone) ?? { date: next.slice(0, 10), time: next.slice(11, 16) };
}

/** The date ('2026-03-07') and time ('09:30') an instant shows on the practice's clocks. */
function wallDateTime(instant: string, timezone: string): { date: string; time: string } | null {
  if (Number.isNaN(Date.parse(instant))) return null;
  const [date = '', time = ''] = zonedDateTimeValue(instant, timezone).split('T');
  return { date, time };
}

/** The instant of a date and time on the practice's clocks, or null. */
function instantOf(date: string, time: string, timezone: string): string | null {
  return instantOfZonedDateTime(`${date}T${time}`, timezone);
}

/** Where the seed's slot falls on the practice's clock. */
function seedDateTime(
  seed: SchedulingSeed,
  now: Date,
  timezone: string,
): { date: string; time: string } {
  if (seed.start !== undefined && isCalendarDay(seed.start)) {
    return { date: seed.start, time: DEFAULT_START_TIME };
  }
  const wall = seed.start !== undefined ? wallDateTime(seed.start, timezone) : null;
  return wall ?? nextWholeHour(now, timezone);
}

/** Opening: everything from the seed; all-day, double booking and products start afresh. */
export function initialForm(
  seed: SchedulingSeed,
  now: Date,
  defaults: {
    therapistId: number | null;
    clientSearchContext?: ClientSearchContext;
    timezone: string;
  },
): SchedulingForm {
  const requestType = seed.requestType ?? 'Appointment';
  const { date, time } = seedDateTime(seed, now, defaults.timezone);
  const mustBeAllDay = requestType !== 'Appointment' && seed.mustBeAllDay === true;
  return {
    timezone: defaults.timezone,
    requestType,
    therapistId: seed.therapistId ?? defaults.therapistId,
    client: seed.clientId ? { id: seed.clientId, name: null } : null,
    clientSearchContext: defaults.clientSearchContext ?? DEFAULT_CLIENT_SEARCH_CONTEXT,
    locationId: seed.locationId === undefined ? undefined : seed.locationId,
    date,
    time,
    allDay: requestType !== 'Appointment' && (mustBeAllDay || seed.allDay === true),
    mustBeAllDay,
    duration: seed.duration ?? DEFAULT_APPOINTMENT_DURATION_MINUTES,
    productKey: null,
    telehealth: seed.telehealth === true,
    telehealthPos: DEFAULT_TELEHEALTH_POS,
    repeat: 'none',
    repeatEnd: 'after',
    occurrences: '1',
    untilDate: '',
    eventName: '',
    allowDoubleBooking: false,
    suggestionAppliedFor: null,
  };
}

export type FormAction =
  | { type: 'requestType'; value: SchedulingRequestType }
  | { type: 'therapist'; value: number | null }
  | { type: 'client'; value: ChosenClient | null }
  | { type: 'clientName'; id: number; name: string }
  | { type: 'clientSearchContext'; value: ClientSearchContext }
  | { type: 'location'; value: number | null }
  | { type: 'date'; value: string }
  | { type: 'time'; value: string }
  | { type: 'allDay'; value: boolean }
  | { type: 'duration'; value: number }
  | { type: 'product'; option: ProductOption | null; eligibility: TelehealthEligibility }
  /** The server's suggestion for this therapist and client arrived: choose it, once. */
  | {
      type: 'suggestion';
      for: string;
      option: ProductOption | null;
      eligibility: TelehealthEligibility;
    }
  | { type: 'telehealth'; value: boolean }
  | { type: 'telehealthPos'; value: TelehealthPos }
  /** The therapist cannot hold telehealth sessions. */
  | { type: 'telehealthUnavailable' }
  | { type: 'repeat'; value: RepeatFrequency }
  | { type: 'repeatEnd'; value: RepeatEnd['kind'] }
  | { type: 'occurrences'; value: string }
  | { type: 'untilDate'; value: string }
  | { type: 'eventName'; value: string }
  | { type: 'allowDoubleBooking'; value: boolean };

function chooseProduct(
  state: SchedulingForm,
  option: ProductOption | null,
  eligibility: TelehealthEligibility,
): SchedulingForm {
  if (!option) return { ...state, productKey: null };
  const next = applyProductChoice(
    { duration: state.duration, telehealth: state.telehealth, telehealthPos: state.telehealthPos },
    option,
    eligibility,
  );
  return { ...state, ...next, productKey: optionKey(option) };
}

/** Who the products were looked up for: a new therapist or client gets a new suggestion. */
export function suggestionKey(therapistId: number, clientId: number): string {
  return `${therapistId}:${clientId}`;
}

export function formReducer(state: SchedulingForm, action: FormAction): SchedulingForm {
  switch (action.type) {
    case 'requestType': {
      // Choosing the type resets the duration to 60 minutes (spec-1 §4).
      const mustBeAllDay = action.value !== 'Appointment' && state.mustBeAllDay;
      return {
        ...state,
        requestType: action.value,
        duration: DEFAULT_APPOINTMENT_DURATION_MINUTES,
        allDay: action.value === 'Appointment' ? false : state.allDay || mustBeAllDay,
      };
    }
    case 'therapist':
      return { ...state, therapistId: action.value, productKey: null, suggestionAppliedFor: null };
    case 'client':
      return { ...state, client: action.value, productKey: null, suggestionAppliedFor: null };
    case 'clientName':
      return state.client?.id === action.id && state.client.name === null
        ? { ...state, client: { id: action.id, name: action.name } }
        : state;
    case 'clientSearchContext':
      return { ...state, clientSearchContext: action.value };
    case 'location':
      return { ...state, locationId: action.value };
    case 'date':
      return { ...state, date: action.value };
    case 'time':
      return { ...state, time: action.value };
    case 'allDay':
      return { ...state, allDay: state.mustBeAllDay || action.value };
    case 'duration':
      return { ...state, duration: action.value };
    case 'product':
      return chooseProduct(state, action.option, action.eligibility);
    case 'suggestion':
      if (state.suggestionAppliedFor === action.for) return state;
      return {
        ...chooseProduct(state, action.option, action.eligibility),
        suggestionAppliedFor: action.for,
      };
    case 'telehealth':
      return { ...state, telehealth: action.value };
    case 'telehealthPos':
      return { ...state, telehealthPos: action.value };
    case 'telehealthUnavailable':
      return state.telehealth ? { ...state, telehealth: false } : state;
    case 'repeat':
      return { ...state, repeat: action.value };
    case 'repeatEnd':
      return { ...state, repeatEnd: action.value };
    case 'occurrences':
      return { ...state, occurrences: action.value };
    case 'untilDate':
      return { ...state, untilDate: action.value };
    case 'eventName':
      return { ...state, eventName: action.value };
    case 'allowDoubleBooking':
      return { ...state, allowDoubleBooking: action.value };
  }
}

/**
 * The requested time as the server reads it: an ISO instant, or for an
 * all-day block the bare day (midnight in the practice's zone) and the whole
 * day's minutes. Null while the date or time cannot be read.
 */
export function requestedSlot(state: SchedulingForm): { start: string; duration: number } | null {
  if (!isCalendarDay(state.date)) return null;
  if (state.allDay) return { start: state.date, duration: 24 * 60 };
  const start = instantOf(state.date, state.time, state.timezone);
  return start === null ? null : { start, duration: state.duration };
}

/** The practice's day of the requested date, as instants [midnight, next midnight). */
export function practiceDayWindow(state: SchedulingForm): { start: string; end: string } | null {
  if (!isCalendarDay(state.date)) return null;
  const next = new Date(Date.parse(`${state.date}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  const start = instantOf(state.date, '00:00', state.timezone);
  const end = instantOf(next, '00:00', state.timezone);
  return start && end ? { start, end } : null;
}

export function repeatEndOf(state: SchedulingForm): RepeatEnd {
  return state.repeatEnd === 'after'
    ? { kind: 'after', occurrences: Number(state.occurrences.trim() || NaN) }
    : { kind: 'on', untilDate: state.untilDate };
}

/** What stands in the way of the repeat choice, or null. */
export function repeatMessage(state: SchedulingForm): string | null {
  if (state.requestType !== 'Appointment') return null;
  return repeatProblem(state.repeat, repeatEndOf(state), state.date);
}

/** The location that applies: the one chosen, else the practice's default. */
export function effectiveLocationId(
  state: SchedulingForm,
  defaultLocationId: number | null,
): number | null {
  return state.locationId === undefined ? defaultLocationId : state.locationId;
}
