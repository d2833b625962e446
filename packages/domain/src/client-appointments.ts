/**
 * A client's appointments on their chart (issue 15 item 3): how many a page holds, how an
 * appointment's attendance and length read. Pure.
 */
import { attendanceState, type StoredAttendance } from './attendance.ts';

/** Past appointments per page of the history (newest first). */
export const CLIENT_APPOINTMENTS_PAGE_SIZE = 20;
/** The most a caller may ask for in one page. */
export const CLIENT_APPOINTMENTS_PAGE_MAX = 50;
/** Upcoming appointments shown above the history (soonest first); the rest are counted. */
export const CLIENT_UPCOMING_SHOWN = 5;

export const CLIENT_APPOINTMENT_ATTENDANCE = [
  'attended',
  'not_attended',
  'no_show',
  'unknown',
] as const;
export type ClientAppointmentAttendance = (typeof CLIENT_APPOINTMENT_ATTENDANCE)[number];

/** What the chart says about attendance (our words: the spec names the states, not their labels). */
export const CLIENT_ATTENDANCE_LABELS: Record<ClientAppointmentAttendance, string> = {
  attended: 'Attended',
  not_attended: 'Did not attend',
  no_show: 'No-show',
  unknown: 'Attendance not recorded',
};

/**
 * A client's attendance at one appointment: a no-show is a kind of not attending. Null when
 * there is none to tell: a group's own session (its members attend, each on their own chart)
 * or a cancelled appointment (attendance cannot be recorded for it).
 */
export function clientAppointmentAttendance(
  stored: StoredAttendance | null,
  cancelled: boolean,
): ClientAppointmentAttendance | null {
  if (stored === null || cancelled) return null;
  const state = attendanceState(stored);
  if (state === 'not_attended' && stored.noShow) return 'no_show';
  return state;
}

/** An appointment's length as the scheduling dialog offers it: 'N minutes' (spec-1 §3). */
export function appointmentLengthLabel(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
