import type { RememberedCalendarPosition } from '@openpractice/domain';

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

// Read by hand rather than with zod, which would add its 23 KiB to the calendar's first load
// (issue 14). Each reader gives the default for anything it does not recognise.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_IDS = 200;

function readIds(value: unknown): number[] {
  const valid =
    Array.isArray(value) &&
    value.length <= MAX_IDS &&
    value.every((id) => Number.isSafeInteger(id) && (id as number) > 0);
  return valid ? (value as number[]) : [];
}

const readFlag = (value: unknown): boolean => (typeof value === 'boolean' ? value : false);

function readFilters(value: unknown): CalendarFilters | null {
  if (!isRecord(value)) return null;
  return {
    therapistIds: readIds(value.therapistIds),
    locationIds: readIds(value.locationIds),
    includeCancelled: readFlag(value.includeCancelled),
    mySchedule: readFlag(value.mySchedule),
  };
}

const readIsoDay = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

function readPosition(value: unknown): RememberedCalendarPosition {
  if (!isRecord(value)) return NO_POSITION;
  return {
    view: typeof value.view === 'string' && value.view.length <= 40 ? value.view : null,
    startDate: readIsoDay(value.startDate),
    visitedOn: readIsoDay(value.visitedOn),
  };
}

/** The long-lived record, or null when there is none worth reading. */
function readLongLived(value: unknown): RememberedCalendar | null {
  if (!isRecord(value)) return null;
  return { filters: readFilters(value.filters), position: readPosition(value.position) };
}

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
  const session = readFilters(read(stores.session, sessionKeyOf(userId)));
  const kept = readLongLived(read(stores.local, longLivedKeyOf(userId)));
  return {
    filters: session ?? kept?.filters ?? null,
    position: kept?.position ?? NO_POSITION,
  };
}

/** The filters changed: remember them for the session and for later. */
export function saveCalendarFilters(
  stores: CalendarStores,
  userId: number,
  filters: CalendarFilters,
): void {
  write(stores.session, sessionKeyOf(userId), filters);
  const kept = readLongLived(read(stores.local, longLivedKeyOf(userId)));
  write(stores.local, longLivedKeyOf(userId), {
    position: kept?.position ?? NO_POSITION,
    filters,
  });
}

/** The date or view changed: remember it with the day of the visit. */
export function saveCalendarPosition(
  stores: CalendarStores,
  userId: number,
  position: RememberedCalendarPosition,
): void {
  const kept = readLongLived(read(stores.local, longLivedKeyOf(userId)));
  write(stores.local, longLivedKeyOf(userId), {
    filters: kept?.filters ?? null,
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
