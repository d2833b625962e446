/**
 * The slot browser's pure rules: a 7-day window (spec-1 §9: a lookup spans
 * at most 7 days) on the practice's calendar, its labels, and the open times
 * grouped by day on the practice's clocks. Days are 'YYYY-MM-DD'.
 */
import {
  AVAILABILITY_LOOKUP_MAX_DAYS,
  formatTimeForVisitor,
  formatZonedTime,
  visitorTimeOf,
  zonedIsoDate,
  zoneName,
} from '@openpractice/domain';

import type { BookableSlot, BookingMode } from './api';

export const WEEK_DAYS = AVAILABILITY_LOOKUP_MAX_DAYS;
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `days` after a 'YYYY-MM-DD' day (calendar days, so clock changes do not matter). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today on the practice's calendar. */
export function practiceToday(now: Date, timezone: string): string {
  return zonedIsoDate(now, timezone);
}

/**
 * Where the browser starts: the day in the address (`?from=`) when it is a
 * real day not before today, else today. Booking starts no earlier than today.
 */
export function weekStartFrom(requested: string | null, today: string): string {
  if (!requested || !ISO_DAY.test(requested)) return today;
  const parsed = new Date(`${requested}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== requested)
    return today;
  return requested < today ? today : requested;
}

/** The window [start, start + 7 days). */
export function weekFrom(start: string): { start: string; end: string } {
  return { start, end: addDays(start, WEEK_DAYS) };
}

/** The window before `start`, never before today. */
export function previousWeekStart(start: string, today: string): string {
  const earlier = addDays(start, -WEEK_DAYS);
  return earlier < today ? today : earlier;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const shortFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});
const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Monday, February 2'. */
export function dayLabel(day: string): string {
  return dayFormat.format(asUtc(day));
}

/** 'Feb 2 – Feb 8, 2032': the window's first and last day. */
export function weekLabel(start: string): string {
  const last = addDays(start, WEEK_DAYS - 1);
  return `${shortFormat.format(asUtc(start))} – ${shortFormat.format(asUtc(last))}, ${last.slice(0, 4)}`;
}

/** 'Tuesday, February 3, 2032 at 10:00 AM' on the practice's clocks. */
export function whenLabel(start: string, timezone: string): string {
  return `${longFormat.format(asUtc(zonedIsoDate(start, timezone)))} at ${formatZonedTime(start, timezone)}`;
}

/** The browser's own zone (the visitor's), or null when the browser does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * 'Tuesday, February 3, 2032 at 10:00 AM Eastern (7:00 AM your time)': on the
 * practice's clocks with its zone, and the visitor's own time when their
 * clocks read differently (issue 15 item 6).
 */
export function whenForVisitor(
  start: string,
  timezone: string,
  visitorZone: string | null,
): string {
  return `${longFormat.format(asUtc(zonedIsoDate(start, timezone)))} at ${formatTimeForVisitor(start, timezone, visitorZone)}`;
}

/** Above the open times: whose clocks they are on, and where the visitor's own time is. */
export function zoneNote(timezone: string, visitorZone: string | null, at: string): string {
  const zone = zoneName(timezone, at);
  const differs = visitorZone !== null && visitorTimeOf(at, timezone, visitorZone) !== null;
  return differs
    ? `Times are ${zone} time, the practice's. Your own time is shown under each.`
    : `Times are ${zone} time.`;
}

export interface SlotDay {
  day: string;
  slots: BookableSlot[];
}

/** The open times by practice day, in order; days without any are left out. */
export function slotsByDay(slots: readonly BookableSlot[], timezone: string): SlotDay[] {
  const days = new Map<string, BookableSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = zonedIsoDate(slot.start, timezone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** How a slot can be held: both when it offers both. */
export function modesOf(slot: BookableSlot): BookingMode[] {
  return [
    ...(slot.inPerson ? (['inPerson'] as const) : []),
    ...(slot.telehealth ? (['telehealth'] as const) : []),
  ];
}

/** What a slot's button says to a screen reader: the day, the time (and the visitor's) and how. */
export function slotDescription(
  slot: BookableSlot,
  timezone: string,
  visitorZone: string | null,
): string {
  const how = [
    slot.inPerson ? (slot.location ? `in person at ${slot.location.name}` : 'in person') : null,
    slot.telehealth ? 'telehealth' : null,
  ]
    .filter((part) => part !== null)
    .join(' or ');
  return `${whenForVisitor(slot.start, timezone, visitorZone)}${how ? `, ${how}` : ''}`;
}

/**
 * A fresh key for one booking attempt (sent again if the same attempt is
 * retried, so a double submission books once). getRandomValues works on
 * plain http too, where randomUUID does not.
 */
export function newBookingKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
