import type { RememberedCalendarPosition } from '@openpractice/domain';
import { z } from 'zod';

/**
 * What the calendar remembers (spec-1 §9 Persisted choices):
 * - for the browser session (`sessionStorage`): the schedule filters
 *   (therapists, locations, include cancelled) and the context (My Schedule);
 * - long-lived (`localStorage`): the schedule dates, view and filters.
 * The session's filters win while the tab lives; a new session starts from
 * the long-lived ones. Keys carry the user id, so people sharing a computer
 * keep their own choices. Anything unreadable is dropped, never trusted.
 */
export interface CalendarFilters {
  therapistIds: number[];
  locationIds: number[];
  includeCancelled: boolean;
  mySchedule: boolean;
}

export interface RememberedCalendar {
  filters: CalendarFilters | null;
  position: RememberedCalendarPosition;
}

export const NO_POSITION: RememberedCalendarPosition = {
  view: null,
  startDate: null,
  visitedOn: null,
};

const ids = z.array(z.number().int().positive()).max(200).catch([]);

const filtersSchema = z.object({
  therapistIds: ids,
  locationIds: ids,
  includeCancelled: z.boolean().catch(false),
  mySchedule: z.boolean().catch(false),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .catch(null);

const positionSchema = z.object({
  view: z.string().max(40).nullable().catch(null),
  startDate: isoDay,
  visitedOn: isoDay,
});

const longLivedSchema = z.object({
  filters: filtersSchema.nullable().catch(null),
  position: positionSchema.catch(NO_POSITION),
});

export const sessionKeyOf = (userId: number) => `openpractice.schedule.session.${userId}`;
export const longLivedKeyOf = (userId: number) => `openpractice.schedule.${userId}`;

function read(storage: Storage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private browsing): the choices last until the page closes.
  }
}

export interface CalendarStores {
  session: Storage | null;
  local: Storage | null;
}

export function loadRememberedCalendar(stores: CalendarStores, userId: number): RememberedCalendar {
  const session = filtersSchema.safeParse(read(stores.session, sessionKeyOf(userId)));
  const longLived = longLivedSchema.safeParse(read(stores.local, longLivedKeyOf(userId)));
  const kept = longLived.success ? longLived.data : { filters: null, position: NO_POSITION };
  return {
    filters: session.success ? session.data : kept.filters,
    position: kept.position,
  };
}

/** The filters changed: remember them for the session and for later. */
export function saveCalendarFilters(
  stores: CalendarStores,
  userId: number,
  filters: CalendarFilters,
): void {
  write(stores.session, sessionKeyOf(userId), filters);
  const kept = longLivedSchema.safeParse(read(stores.local, longLivedKeyOf(userId)));
  write(stores.local, longLivedKeyOf(userId), {
    position: kept.success ? kept.data.position : NO_POSITION,
    filters,
  });
}

/** The date or view changed: remember it with the day of the visit. */
export function saveCalendarPosition(
  stores: CalendarStores,
  userId: number,
  position: RememberedCalendarPosition,
): void {
  const kept = longLivedSchema.safeParse(read(stores.local, longLivedKeyOf(userId)));
  write(stores.local, longLivedKeyOf(userId), {
    filters: kept.success ? kept.data.filters : null,
    position,
  });
}

function storageOf(name: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

export function browserStores(): CalendarStores {
  return { session: storageOf('sessionStorage'), local: storageOf('localStorage') };
}
