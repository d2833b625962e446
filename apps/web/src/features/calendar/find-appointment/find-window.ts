/**
 * The find-an-appointment page's pure rules: its 7-day window (spec-1 §9:
 * a lookup spans at most 7 days), the labels it shows and the seed a chosen
 * slot gives the scheduling dialog. Days are practice-zone 'YYYY-MM-DD'.
 */
import { addIsoDays, AVAILABILITY_LOOKUP_MAX_DAYS, zonedIsoDate } from '@openpractice/domain';

import type { SchedulingSeed } from '../scheduling/scheduling-dialog';
import type { FoundSlot, SlotMode } from './api';

export const WINDOW_DAYS = AVAILABILITY_LOOKUP_MAX_DAYS;

export const NO_OPEN_TIMES =
  'No open times in these 7 days. Try the next 7 days or other therapists.';
export const CHOOSE_THERAPISTS = 'Choose one or more therapists to see their open times.';
export const RANGE_TOO_LONG = 'Open times can be looked up for at most 7 days at a time.';
export const SLOTS_LOAD_FAILED = 'We could not look up open times.';

/** Today on the practice's calendar. */
export function practiceToday(now: Date, timezone: string): string {
  return zonedIsoDate(now, timezone);
}

/** The lookup window starting on `start`: [start, start + 7 days). */
export function windowFrom(start: string): { start: string; end: string } {
  return { start, end: addIsoDays(start, WINDOW_DAYS) };
}

/** The window before `start`, never before today (a window may not start in the past). */
export function previousWindowStart(start: string, today: string): string {
  const earlier = addIsoDays(start, -WINDOW_DAYS);
  return earlier < today ? today : earlier;
}

export function canGoBack(start: string, today: string): boolean {
  return start > today;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Monday, December 14, 2026'. */
export function dayLabel(day: string): string {
  return dayFormat.format(asUtc(day));
}

/** 'Nov 21 – Nov 27, 2026': the window's first and last day. */
export function windowLabel(start: string): string {
  const last = addIsoDays(start, WINDOW_DAYS - 1);
  return `${shortFormat.format(asUtc(start))} – ${shortFormat.format(asUtc(last))}, ${last.slice(0, 4)}`;
}

/**
 * How the appointment is held: as the search asked, and with "either" by
 * telehealth only when the slot cannot be in person.
 */
export function bookAsTelehealth(slot: FoundSlot, mode: SlotMode): boolean {
  if (mode === 'telehealth') return true;
  if (mode === 'inPerson') return false;
  return slot.telehealth && !slot.inPerson;
}

/** The scheduling dialog's seed for a chosen slot: an appointment of that length, there and then. */
export function seedForSlot(
  slot: FoundSlot,
  input: { therapistId: number; duration: number; mode: SlotMode },
): SchedulingSeed {
  const telehealth = bookAsTelehealth(slot, input.mode);
  return {
    requestType: 'Appointment',
    allowTypeSelection: false,
    therapistId: input.therapistId,
    start: slot.start,
    duration: input.duration,
    telehealth,
    // A telehealth appointment is held nowhere; an in-person one where the availability is
    // (a day with no location leaves the practice's default).
    ...(telehealth
      ? { locationId: null }
      : slot.locationId === null
        ? {}
        : { locationId: slot.locationId }),
  };
}

/** What a slot's button says to a screen reader: the time, with whom, when and how. */
export function slotDescription(
  slot: FoundSlot,
  input: { time: string; therapistName: string; day: string },
): string {
  const how = [
    slot.inPerson ? (slot.locationName ? `in person at ${slot.locationName}` : 'in person') : null,
    slot.telehealth ? 'telehealth' : null,
  ]
    .filter((part) => part !== null)
    .join(' or ');
  return `${input.time} with ${input.therapistName}, ${dayLabel(input.day)}${how ? `, ${how}` : ''}`;
}
