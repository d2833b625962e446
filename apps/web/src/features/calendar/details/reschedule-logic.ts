/**
 * Rescheduling from the edit dialogs (issue 15 item 1), as pure rules: where the
 * edited fields put the appointment or meeting, whether that moves it (only a move
 * asks about conflicts and double booking), what the call sends, when Save is
 * enabled, and what a refusal says. Dates and times are the practice's wall clock,
 * as on the calendar, whatever the browser's zone.
 */
import { instantOfZonedDateTime, zonedDateTimeValue } from '@openpractice/domain';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { RESCHEDULE_FAILED_MESSAGE } from '../use-drag-reschedule';
import type { ConflictsRequest } from '../scheduling/api';
import { isCalendarDay } from '../scheduling/scheduling-form';
import type { UpdateAppointmentInput } from './api';
import { minutesBetween } from './details-logic';

/** The item as it is: its place on the calendar. */
export interface Placed {
  start: string;
  end: string;
  allDay: boolean;
  therapistId: number;
}

/** The edited place: the fields of the dialog. */
export interface WhenEdit {
  therapistId: number;
  /** YYYY-MM-DD and HH:mm on the practice's clock. */
  date: string;
  time: string;
  duration: number;
  allDay: boolean;
}

/** A whole day's minutes: what an all-day block asks the conflict count for. */
const WHOLE_DAY = 24 * 60;
/** An all-day block made a timed one starts with the default hour's length. */
const DEFAULT_MINUTES = 60;

/** The fields as the dialog opens: the item where it is now. */
export function initialWhen(item: Placed, timeZone: string): WhenEdit {
  const [date = '', time = ''] = zonedDateTimeValue(item.start, timeZone).split('T');
  return {
    therapistId: item.therapistId,
    date,
    time,
    duration: item.allDay ? DEFAULT_MINUTES : minutesBetween(item.start, item.end),
    allDay: item.allDay,
  };
}

/**
 * The edited slot as the server reads it: an instant and minutes, or for all day
 * the bare day (midnight in the practice's zone) and the whole day. Null while the
 * date or time cannot be read.
 */
export function editedSlot(
  when: WhenEdit,
  timeZone: string,
): { start: string; duration: number } | null {
  if (!isCalendarDay(when.date)) return null;
  if (when.allDay) return { start: when.date, duration: WHOLE_DAY };
  if (!/^\d{2}:\d{2}$/.test(when.time) || when.duration <= 0) return null;
  const start = instantOfZonedDateTime(`${when.date}T${when.time}`, timeZone);
  return start === null ? null : { start, duration: when.duration };
}

/** What keeps the date or time from being read, said under the field. */
export function whenProblems(when: WhenEdit): { date: string | null; time: string | null } {
  return {
    date: isCalendarDay(when.date) ? null : 'Enter a date.',
    time: when.allDay || /^\d{2}:\d{2}$/.test(when.time) ? null : 'Enter a time.',
  };
}

/** True when the edit puts the item elsewhere: another day, time, length, day kind or therapist. */
export function movesItem(item: Placed, when: WhenEdit, timeZone: string): boolean {
  const now = initialWhen(item, timeZone);
  if (when.therapistId !== now.therapistId || when.allDay !== now.allDay) return true;
  if (when.date !== now.date) return true;
  return !when.allDay && (when.time !== now.time || when.duration !== now.duration);
}

/** The conflict count of a move: the new slot on the (new) therapist's calendar, the item left out. */
export function moveConflictsRequest(
  eventId: number,
  item: Placed,
  when: WhenEdit,
  timeZone: string,
): ConflictsRequest | null {
  const slot = editedSlot(when, timeZone);
  if (!slot || !movesItem(item, when, timeZone)) return null;
  return { therapistId: when.therapistId, ...slot, exceptEventId: eventId };
}

type TimeChanges = Pick<UpdateAppointmentInput, 'start' | 'duration' | 'therapistId'>;

/**
 * What of an appointment's start, length and therapist the edit changes, and only
 * that (an unchanged length is not sent, so a location change on a series never
 * re-lengthens or re-checks it); null while the time cannot be read.
 */
export function appointmentTimeChanges(
  item: Placed,
  when: WhenEdit,
  timeZone: string,
): TimeChanges | null {
  const slot = editedSlot({ ...when, allDay: false }, timeZone);
  if (!slot) return null;
  const now = initialWhen(item, timeZone);
  const moved = item.allDay || when.date !== now.date || when.time !== now.time;
  return {
    ...(moved ? { start: slot.start } : {}),
    ...(item.allDay || when.duration !== now.duration ? { duration: when.duration } : {}),
    ...(when.therapistId === item.therapistId ? {} : { therapistId: when.therapistId }),
  };
}

/**
 * Save (spec-1 §5, as when booking): a readable time and not busy; for a move also a
 * known conflict count that is zero, or double booking allowed. A count that failed
 * does not block: the server still refuses a taken time.
 */
export function canSaveMove(input: {
  readable: boolean;
  moves: boolean;
  conflictCount: number | null;
  allowDoubleBooking: boolean;
  busy: boolean;
}): boolean {
  if (!input.readable || input.busy) return false;
  if (!input.moves) return true;
  if (input.conflictCount === null) return false;
  return input.conflictCount === 0 || input.allowDoubleBooking;
}

export interface EditFailure {
  variant: 'warning' | 'error';
  message: string;
  /** A taken time (409): said in the dialog too, next to the double-booking choice. */
  refusal: string | null;
}

/**
 * What a failed save says, as the drag says it (spec-1 §4, §8): a 403 is the server's
 * reason as a warning; a refusal the user can act on (400, 404, 409) its message; any
 * other failure of a move the spec's reschedule failure, of another change the error's text.
 */
export function editFailure(error: unknown, moves: boolean): EditFailure {
  if (error instanceof ApiError) {
    if (error.status === 403) return { variant: 'warning', message: error.message, refusal: null };
    if (error.status === 409)
      return { variant: 'error', message: error.message, refusal: error.message };
    if (error.status === 400 || error.status === 404) {
      return { variant: 'error', message: error.message, refusal: null };
    }
  }
  return {
    variant: 'error',
    message: moves ? RESCHEDULE_FAILED_MESSAGE : errorMessage(error),
    refusal: null,
  };
}
