/**
 * When a session's attendance and check-in may be recorded (issue 15 item 2).
 * Attendance (attended, not attended, no-show) says what happened, so it waits
 * until the session has started; a client may be checked in from 15 minutes
 * before the start, when they arrive in the waiting room. Both stay open after
 * the end, so a session is recorded late rather than never. The one rule for
 * the server (which refuses) and the details dialog (which does not offer).
 * Pure: the clock comes in as `now` (the server's clock on the server).
 */
import { addIsoDays, formatZonedDate, formatZonedTime, zonedIsoDate } from './zoned-time.ts';

/** A client can be checked in from this many minutes before the start. */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 15;
/** Past sessions without attendance are listed (and counted) for this many days back. */
export const ATTENDANCE_DUE_DAYS = 30;

const MINUTE_MS = 60_000;

/**
 * Where a session stands: before check-in opens, in the 15 minutes before the
 * start, running, or over.
 */
export type SessionPhase = 'upcoming' | 'check_in_open' | 'in_progress' | 'ended';

export interface AttendanceTiming {
  phase: SessionPhase;
  /** From 15 minutes before the start (inclusive), with no end. */
  canCheckIn: boolean;
  /** From the start (inclusive), with no end. */
  canRecordAttendance: boolean;
}

export const ATTENDANCE_TIMING_MESSAGES = {
  notStarted: 'Attendance can be recorded once the session has started.',
  checkInNotOpen: `Clients can be checked in from ${CHECK_IN_OPENS_MINUTES_BEFORE} minutes before the session starts.`,
} as const;

const ms = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

export function sessionPhase(start: Date | string, end: Date | string, now: Date): SessionPhase {
  const t = now.getTime();
  if (t >= ms(end)) return 'ended';
  if (t >= ms(start)) return 'in_progress';
  if (t >= ms(start) - CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE_MS) return 'check_in_open';
  return 'upcoming';
}

/** What may be recorded of a session now (cancellation is a separate rule). */
export function attendanceTiming(
  start: Date | string,
  end: Date | string,
  now: Date,
): AttendanceTiming {
  const phase = sessionPhase(start, end, now);
  return {
    phase,
    canCheckIn: phase !== 'upcoming',
    canRecordAttendance: phase === 'in_progress' || phase === 'ended',
  };
}

/** 'Check-in opens at 2:45 PM on 03/14/2031.' on the practice's clocks. */
export function checkInOpensText(start: Date | string, timeZone: string): string {
  const opensAt = new Date(ms(start) - CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE_MS);
  return `Check-in opens at ${formatZonedTime(opensAt, timeZone)} on ${formatZonedDate(opensAt, timeZone)}.`;
}

/**
 * The first practice day (YYYY-MM-DD) of the list of past sessions without
 * attendance: ATTENDANCE_DUE_DAYS days before today in the practice's zone.
 */
export function attendanceDueSince(now: Date, timeZone: string): string {
  return addIsoDays(zonedIsoDate(now, timeZone), -ATTENDANCE_DUE_DAYS);
}
