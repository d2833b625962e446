/**
 * Attendance, check-in and the telehealth lobby of an appointment
 * (spec-1 §4 'Attendance and check-in'). Pure: the clock comes in as `now`.
 */
import { TELEHEALTH_LOBBY_MARGIN_MINUTES } from './constants.ts';
import { formatZonedDate, formatZonedTime } from './zoned-time.ts';

// --- Attendance -------------------------------------------------------------------

/** What is stored per attendee: attended unknown (null), true or false; no-show only when not attended. */
export interface StoredAttendance {
  attended: boolean | null;
  noShow: boolean;
}

export type AttendanceState = 'unknown' | 'attended' | 'not_attended';

/** The flags the details dialog reads (spec-1 §3 Appointment details, attendees). */
export interface AttendanceFlags {
  attended: boolean;
  notAttended: boolean;
  attendanceUnknown: boolean;
  noShow: boolean;
}

export function attendanceState(stored: StoredAttendance): AttendanceState {
  if (stored.attended === null) return 'unknown';
  return stored.attended ? 'attended' : 'not_attended';
}

export function attendanceFlags(stored: StoredAttendance): AttendanceFlags {
  const state = attendanceState(stored);
  return {
    attended: state === 'attended',
    notAttended: state === 'not_attended',
    attendanceUnknown: state === 'unknown',
    noShow: state === 'not_attended' && stored.noShow,
  };
}

/** What a save asks for (editAttendance/save). */
export interface AttendanceInput {
  attended: boolean;
  noShow: boolean;
  /** The service to record; null keeps the attendee's current product. */
  productId: number | null;
}

/** What blocks a change of an appointment's attendance. */
export interface AttendanceContext {
  cancelled: boolean;
  /** An invoice was made from this attendance (billing). */
  hasInvoice: boolean;
  /** A chart (progress note) was written for this attendance. */
  isCharted: boolean;
}

export const ATTENDANCE_MESSAGES = {
  cancelled: 'Attendance cannot be recorded for a cancelled appointment.',
  alreadyRecorded: 'Attendance is already recorded for this client. Reset it first to change it.',
  noShowNeedsNotAttended: 'Only a client who did not attend can be marked as a no-show.',
  resetInvoiced:
    'This attendance has an invoice, so it cannot be reset. Void the invoice first, then reset the attendance.',
  resetCharted:
    'A note has been written for this attendance, so it cannot be reset. Delete the note first, then reset the attendance.',
} as const;

export type AttendanceResult =
  { ok: true; next: StoredAttendance; productId: number | null } | { ok: false; message: string };

/**
 * unknown → attended, or → not attended (optionally a no-show), with an
 * optional product. Recorded attendance changes only through a reset, so a
 * second person saving at the same time cannot silently overwrite the first.
 */
export function recordAttendance(
  current: StoredAttendance,
  input: AttendanceInput,
  context: Pick<AttendanceContext, 'cancelled'>,
  currentProductId: number | null = null,
): AttendanceResult {
  if (context.cancelled) return { ok: false, message: ATTENDANCE_MESSAGES.cancelled };
  if (attendanceState(current) !== 'unknown') {
    return { ok: false, message: ATTENDANCE_MESSAGES.alreadyRecorded };
  }
  if (input.attended && input.noShow) {
    return { ok: false, message: ATTENDANCE_MESSAGES.noShowNeedsNotAttended };
  }
  return {
    ok: true,
    next: { attended: input.attended, noShow: !input.attended && input.noShow },
    productId: input.productId ?? currentProductId,
  };
}

export type ResetResult =
  { ok: true; next: StoredAttendance; changed: boolean } | { ok: false; message: string };

/**
 * Back to unknown. Refused while an invoice or a chart rests on the
 * attendance (the call then answers 'not-removed' with the message). Resetting
 * an unknown attendance changes nothing and succeeds.
 */
export function resetAttendance(
  current: StoredAttendance,
  context: AttendanceContext,
): ResetResult {
  if (context.cancelled) return { ok: false, message: ATTENDANCE_MESSAGES.cancelled };
  if (attendanceState(current) === 'unknown') {
    return { ok: true, next: { attended: null, noShow: false }, changed: false };
  }
  if (context.hasInvoice) return { ok: false, message: ATTENDANCE_MESSAGES.resetInvoiced };
  if (context.isCharted) return { ok: false, message: ATTENDANCE_MESSAGES.resetCharted };
  return { ok: true, next: { attended: null, noShow: false }, changed: true };
}

// --- Messages (spec-1 §8 Attendance) ---------------------------------------------------

export const ATTENDANCE_TOASTS = {
  saveFailed: 'Sorry, there was an error saving attended. Please try again',
  resetFailed: 'Sorry, there was an error resetting attendance. Please try again',
  productsFailed:
    'Error loading CPT codes for attendees. Please refresh your browser and try again',
  appointmentDetailsFailed: 'Failed to fetch appointment details.',
  meetingDetailsFailed: 'Failed to fetch meeting details.',
} as const;

export function attendanceSavedMessage(name: string, attended: boolean): string {
  return `${name} saved as ${attended ? 'attended' : 'not attended'} for this appointment`;
}

export function attendanceResetMessage(name: string): string {
  return `${name} attendance reset for this appointment`;
}

export function checkInMessage(name: string, checkedIn: boolean): string {
  return checkedIn
    ? `${name} has been checked in for their appointment.`
    : `${name} is no longer checked in for their appointment.`;
}

// --- Telehealth lobby --------------------------------------------------------------------

export type LobbyStatus = 'before' | 'open' | 'ended';

export interface LobbyWindow {
  opensAt: Date;
  closesAt: Date;
}

const MINUTE_MS = 60_000;

/** The lobby opens 15 minutes before the start and stays open until 15 minutes after the end. */
export function telehealthLobbyWindow(start: Date | string, end: Date | string): LobbyWindow {
  const margin = TELEHEALTH_LOBBY_MARGIN_MINUTES * MINUTE_MS;
  return {
    opensAt: new Date(new Date(start).getTime() - margin),
    closesAt: new Date(new Date(end).getTime() + margin),
  };
}

/** Open from opensAt (inclusive) until closesAt (exclusive). */
export function telehealthLobbyStatus(
  start: Date | string,
  end: Date | string,
  now: Date,
): LobbyStatus {
  const { opensAt, closesAt } = telehealthLobbyWindow(start, end);
  const t = now.getTime();
  if (t < opensAt.getTime()) return 'before';
  if (t < closesAt.getTime()) return 'open';
  return 'ended';
}

export const LOBBY_OPENS_TEXT = `The session opens ${TELEHEALTH_LOBBY_MARGIN_MINUTES} minutes before it starts.`;
export const LOBBY_OPEN_TEXT = 'The session is open. Join when you are ready.';
export const LOBBY_ENDED_TEXT = 'This session has ended.';
export const LOBBY_CANCELLED_TEXT = 'This appointment was cancelled.';

/** '3:45 PM on 03/14/2031' in the given IANA zone. */
export function formatLobbyTime(at: Date, timeZone: string): string {
  return `${formatZonedTime(at, timeZone)} on ${formatZonedDate(at, timeZone)}`;
}

/** What the lobby says about itself: when it opens, that it is open, or that it ended. */
export function telehealthLobbyMessage(
  input: { start: Date | string; end: Date | string; cancelled: boolean; timeZone: string },
  now: Date,
): string {
  if (input.cancelled) return LOBBY_CANCELLED_TEXT;
  const status = telehealthLobbyStatus(input.start, input.end, now);
  if (status === 'open') return LOBBY_OPEN_TEXT;
  if (status === 'ended') return LOBBY_ENDED_TEXT;
  const { opensAt } = telehealthLobbyWindow(input.start, input.end);
  return `${LOBBY_OPENS_TEXT} It opens at ${formatLobbyTime(opensAt, input.timeZone)}.`;
}

/**
 * The practice's video room for an appointment: the configured template with
 * `{id}` replaced by the event id, or null when no video service is connected.
 */
export function telehealthRoomAddress(
  template: string | null | undefined,
  eventId: number,
): string | null {
  if (!template) return null;
  return template.split('{id}').join(encodeURIComponent(String(eventId)));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The lobby's countdown: 'Opens in 2 days 3 hours', 'Opens in 1 hour 5 minutes', 'Opens in less than a minute'. */
export function lobbyCountdown(opensAt: Date | string, now: Date): string {
  const minutes = Math.floor((new Date(opensAt).getTime() - now.getTime()) / MINUTE_MS);
  if (minutes < 1) return 'Opens in less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `Opens in ${plural(days, 'day')}${hours ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) {
    return `Opens in ${plural(hours, 'hour')}${mins ? ` ${plural(mins, 'minute')}` : ''}`;
  }
  return `Opens in ${plural(mins, 'minute')}`;
}
