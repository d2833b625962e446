import { conflict } from '../../platform/errors.ts';

/**
 * The words and the one rule every booking write shares (a new appointment, a move, a
 * series): another booking holding the time becomes a 409 that says what to do.
 */
export const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';
export const EVENT_NOT_FOUND = 'We could not find that calendar event.';
export const CANCELLED_CANNOT_MOVE = 'A cancelled event cannot be moved.';
export const ATTENDED_CANNOT_MOVE =
  'Attendance has been recorded for this appointment, so it cannot be moved. Reset the attendance first.';

/** 409 for a series occurrence that meets another booking, naming its day. */
export const seriesSlotTaken = (day: string) =>
  `That time is already booked for this therapist on ${day}. Nothing was booked. Choose another time or allow double booking.`;
/** 409 when shifting occurrences would meet another booking: names the first such day. */
export const seriesMoveTaken = (day: string) =>
  `On ${day} the moved appointment would overlap another booking of this therapist, so nothing was moved. Choose another time.`;
export const seriesEditTaken = (day: string) =>
  `On ${day} the longer appointment would overlap another booking of this therapist, so nothing was changed. Choose a shorter duration or another time.`;
export const seriesMoveBackwards = (day: string) =>
  `On ${day} the appointment would end before it starts, so nothing was moved.`;
/** 409 for busy time on the therapist's external calendar (the constraint does not see it). */
export const externalBusy = (day: string) =>
  `The therapist is busy on their external calendar on ${day}. Nothing was booked. Choose another time or allow double booking.`;
export const OCCURRENCES_OR_UNTIL =
  'Give either a number of occurrences or an until date for the series, not both.';
export const GROUP_WITHOUT_SERVICE =
  'Choose a service (CPT code) for this group: the practice has no active group service.';
export const groupWithoutMembers = (day: string) =>
  `This group has no active members on ${day}. Add members to the group before booking it.`;

/**
 * True when the error (or what it wraps) says another booking holds the time:
 * PostgreSQL's exclusion violation (23P01), or a deadlock (40P01). Two series
 * written at once can each wait on the other's overlapping rows; PostgreSQL
 * then aborts one of them, and the other takes the slots.
 */
export function isOverlapViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '23P01' || code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a booking write; the EXCLUDE constraint's refusal becomes 409 with an actionable message. */
export async function booking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlapViolation(error)) throw conflict(SLOT_TAKEN);
    throw error;
  }
}
