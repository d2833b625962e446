/**
 * The details dialog's pure rules: what a line says, which choices are
 * offered, when telehealth can be joined. Times are shown on the practice's
 * clocks (as the calendar shows them), whatever zone the browser is in.
 */
import { formatZonedDate, formatZonedTime, telehealthLobbyStatus } from '@openpractice/domain';

import type { AppointmentAttendee, GroupAttendeeProducts, LobbyState, ProductChoice } from './api';

/** '03/14/2031, 2:00 PM – 3:00 PM', or '03/14/2031 (all day)', on the zone's clocks. */
export function formatEventWhen(
  start: string,
  end: string,
  allDay: boolean,
  timeZone: string,
): string {
  const startDay = formatZonedDate(start, timeZone);
  if (allDay) {
    // An all-day event ends at the next midnight: its last day is the minute before.
    const lastDay = formatZonedDate(new Date(Date.parse(end) - 60_000), timeZone);
    return lastDay === startDay || Date.parse(end) <= Date.parse(start)
      ? `${startDay} (all day)`
      : `${startDay} – ${lastDay} (all day)`;
  }
  const endDay = formatZonedDate(end, timeZone);
  const from = formatZonedTime(start, timeZone);
  const to = formatZonedTime(end, timeZone);
  return endDay === startDay
    ? `${startDay}, ${from} – ${to}`
    : `${startDay}, ${from} – ${endDay}, ${to}`;
}

export function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

/** 'Cancelled on 03/14/2031 by Sam Scheduler: Client is unwell' (by and reason when known). */
export function cancelledLine(
  details: {
    cancelledDate: string | null;
    cancelledBy: string | null;
    cancelledReason: string | null;
  },
  timeZone: string,
): string {
  const on = details.cancelledDate ? formatZonedDate(details.cancelledDate, timeZone) : '';
  const by = details.cancelledBy ? ` by ${details.cancelledBy}` : '';
  const reason = details.cancelledReason?.trim() ? `: ${details.cancelledReason.trim()}` : '';
  return `Cancelled${on ? ` on ${on}` : ''}${by}${reason}`;
}

export function attendanceLabel(attendee: AppointmentAttendee): string {
  if (attendee.attended) return 'Attended';
  if (attendee.notAttended) return attendee.noShow ? 'Not attended (no-show)' : 'Not attended';
  return 'Attendance not recorded';
}

export function checkedInLabel(checkedInTime: string | null, timeZone: string): string {
  return checkedInTime
    ? `Checked in at ${formatZonedTime(checkedInTime, timeZone)}`
    : 'Not checked in';
}

/** 'Telehealth (place of service 10)', the location's name, or 'No location'. */
export function whereLabel(details: {
  isTeletherapy: boolean;
  telehealthPos: string | null;
  locationName: string | null;
}): string {
  if (details.isTeletherapy) {
    return details.telehealthPos
      ? `Telehealth (place of service ${details.telehealthPos})`
      : 'Telehealth';
  }
  return details.locationName ?? 'No location';
}

/** The lobby's state now, by the same rule as the server (so a countdown can flip it open). */
export function lobbyStateAt(
  appointment: { start: string; end: string; isCancelled: boolean },
  now: Date,
): LobbyState {
  if (appointment.isCancelled) return 'cancelled';
  return telehealthLobbyStatus(appointment.start, appointment.end, now);
}

export type Scope = 'this' | 'following' | 'series';

/** What a cancel or an edit will change, said before it does. */
export function scopeDescription(scope: Scope): string {
  switch (scope) {
    case 'this':
      return 'this appointment only';
    case 'following':
      return 'this appointment and the following ones of the series';
    case 'series':
      return 'every appointment of the series';
  }
}

/**
 * The services offered for one attendee's attendance. A group's attendees
 * choose from the group lists (attended, or not attended), preselecting the
 * attendee's product or else the group default; others from the practice's services.
 */
export function attendanceProductChoices(
  attendee: Pick<AppointmentAttendee, 'productId'>,
  options: {
    group: GroupAttendeeProducts | null;
    practiceProducts: readonly ProductChoice[];
    attended: boolean;
  },
): { choices: ProductChoice[]; initial: number | null } {
  const choices = options.group
    ? options.attended
      ? options.group.attended
      : options.group.notAttended
    : [...options.practiceProducts];
  const has = (id: number | null | undefined) =>
    id !== null && id !== undefined && choices.some((c) => c.productId === id);
  const fallback = options.group?.groupDefault[0]?.productId;
  const initial = has(attendee.productId)
    ? attendee.productId
    : has(fallback)
      ? (fallback ?? null)
      : null;
  return { choices, initial };
}
