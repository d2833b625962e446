/**
 * Retention and intake (spec-2 §2 /client/retention and /client/intake, §7
 * getRetention, snoozeClientRetention, getNewClients, listNewClientsWithAppointments).
 *
 * The rules take the appointment facts as input: a map from client id to the
 * client's next upcoming appointment, last past appointment, or first
 * appointment (ISO date or date-time). Whoever supplies the facts (today the
 * server says "none"; the calendar supplies real ones) does not change the rules.
 * All dates are calendar days in the practice's time zone ('YYYY-MM-DD'), and
 * `today` is passed in: nothing here reads the clock.
 */
import { daysAgoRange } from './days-ago.ts';
import { dayOf, isoDate } from './dates.ts';

/** Appointment facts per client id: an ISO date or date-time, absent when there is none. */
export type AppointmentFacts = ReadonlyMap<number, string>;

/** How long a snooze lasts when the user does not pick a date. */
export const DEFAULT_RETENTION_SNOOZE_DAYS = 30;
/** The furthest a snooze may reach: a year; longer is archiving, not snoozing. */
export const MAX_RETENTION_SNOOZE_DAYS = 366;
/** The intake window when none is chosen: clients added in the last 30 days. */
export const DEFAULT_INTAKE_DAYS = 30;
/** The widest intake window the server accepts. */
export const MAX_INTAKE_DAYS = 365;
/** Rows per page the intake and retention tables offer; the first is the default. */
export const CLIENT_LIST_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CLIENT_LIST_PAGE_SIZE = 50;

/** The therapist status that makes a client a retention candidate (spec-2 §4 status values). */
export const ACTIVE_CLIENT_STATUS = 'ACTIVE';

const dayPart = (value: string) => value.slice(0, 10);

/** Whole days from `from` to `to` (ISO dates); negative when `to` is earlier. */
export function daysBetweenDates(from: string, to: string): number {
  return dayOf(dayPart(to)).diff(dayOf(dayPart(from)), 'day');
}

// --- Snooze ----------------------------------------------------------------------------

/** Snoozed through the `until` day itself: the client comes back the day after. */
export function isRetentionSnoozed(snoozedUntil: string | null, today: string): boolean {
  return snoozedUntil !== null && dayPart(snoozedUntil) >= today;
}

/** The default snooze: 30 days from today. */
export function defaultSnoozeUntil(today: string): string {
  return isoDate(dayOf(today).add(DEFAULT_RETENTION_SNOOZE_DAYS, 'day'));
}

/** The latest day a snooze may run to. */
export function latestSnoozeUntil(today: string): string {
  return isoDate(dayOf(today).add(MAX_RETENTION_SNOOZE_DAYS, 'day'));
}

/**
 * The day a snooze runs to: the requested day, or 30 days from today when none
 * is given. A day before today or more than a year ahead is refused with the
 * message to show.
 */
export function snoozeUntil(
  requested: string | null | undefined,
  today: string,
): { ok: true; until: string } | { ok: false; message: string } {
  if (requested === null || requested === undefined || requested === '')
    return { ok: true, until: defaultSnoozeUntil(today) };
  const until = dayPart(requested);
  if (until < today)
    return { ok: false, message: `Please enter a date on or after ${usDate(today)}.` };
  const latest = latestSnoozeUntil(today);
  if (until > latest)
    return { ok: false, message: `Please enter a date on or before ${usDate(latest)}.` };
  return { ok: true, until };
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// --- Retention -------------------------------------------------------------------------

export interface RetentionClient {
  id: number;
  /** The day the client was added. */
  addedOn: string;
  retentionSnoozedUntil: string | null;
  /** The client's status with each of their therapists. */
  statuses: readonly string[];
}

export type RetentionCandidate<T extends RetentionClient> = T & {
  lastAppointment: string | null;
  daysSinceAdded: number;
  isSnoozed: boolean;
};

/** Active: in care with at least one therapist (not archived, waitlisted or discharged by all). */
export function isActiveClient(statuses: readonly string[]): boolean {
  return statuses.includes(ACTIVE_CLIENT_STATUS);
}

/** True when the client has an appointment today or later. */
export function hasUpcomingAppointment(
  clientId: number,
  upcomingAppointmentByClient: AppointmentFacts,
  today: string,
): boolean {
  const next = upcomingAppointmentByClient.get(clientId);
  return next !== undefined && dayPart(next) >= today;
}

/**
 * The clients the practice should reach out to: active clients with no upcoming
 * appointment, leaving out those snoozed through today or later (unless
 * `includeSnoozed`). Keeps the order given (the page query's: newest first) and
 * adds the last appointment (null: 'None') and the days since the client was added.
 */
export function retentionCandidates<T extends RetentionClient>(
  clients: readonly T[],
  upcomingAppointmentByClient: AppointmentFacts,
  lastAppointmentByClient: AppointmentFacts,
  today: string,
  options: { includeSnoozed?: boolean } = {},
): RetentionCandidate<T>[] {
  const result: RetentionCandidate<T>[] = [];
  for (const client of clients) {
    if (!isActiveClient(client.statuses)) continue;
    if (hasUpcomingAppointment(client.id, upcomingAppointmentByClient, today)) continue;
    const isSnoozed = isRetentionSnoozed(client.retentionSnoozedUntil, today);
    if (isSnoozed && !options.includeSnoozed) continue;
    result.push({
      ...client,
      lastAppointment: lastAppointmentByClient.get(client.id) ?? null,
      daysSinceAdded: Math.max(0, daysBetweenDates(client.addedOn, today)),
      isSnoozed,
    });
  }
  return result;
}

// --- Intake ----------------------------------------------------------------------------

/** The first day of the intake window: clients added on or after it are new. */
export function intakeWindowStart(today: string, days: number = DEFAULT_INTAKE_DAYS): string {
  return daysAgoRange(days, today).start;
}

/** Added within the last `days` days (today counts; a future day does not occur). */
export function isNewClient(addedOn: string, today: string, days: number = DEFAULT_INTAKE_DAYS) {
  const day = dayPart(addedOn);
  return day >= intakeWindowStart(today, days) && day <= today;
}

export const INTAKE_SORT_KEYS = ['firstAppointment', 'name', 'added'] as const;
export type IntakeSortKey = (typeof INTAKE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** The intake table's choices a user's browser remembers (spec-1 §9: long-lived). */
export interface IntakePreferences {
  sortBy: IntakeSortKey;
  sortDir: SortDirection;
  rowsPerPage: number;
}

export const DEFAULT_INTAKE_PREFERENCES: IntakePreferences = {
  sortBy: 'firstAppointment',
  sortDir: 'asc',
  rowsPerPage: DEFAULT_CLIENT_LIST_PAGE_SIZE,
};

/** Remembered choices read back from storage; anything unknown falls back to the default. */
export function readIntakePreferences(value: unknown): IntakePreferences {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const sortBy = INTAKE_SORT_KEYS.find((k) => k === v.sortBy);
  const rowsPerPage = CLIENT_LIST_PAGE_SIZES.find((n) => n === v.rowsPerPage);
  return {
    sortBy: sortBy ?? DEFAULT_INTAKE_PREFERENCES.sortBy,
    sortDir:
      v.sortDir === 'asc' || v.sortDir === 'desc' ? v.sortDir : DEFAULT_INTAKE_PREFERENCES.sortDir,
    rowsPerPage: rowsPerPage ?? DEFAULT_INTAKE_PREFERENCES.rowsPerPage,
  };
}

export interface IntakeClient {
  id: number;
  firstName: string;
  lastName: string;
  /** When the client was added (ISO date-time or date). */
  createdAt: string;
}

export type IntakeRow<T extends IntakeClient> = T & { firstAppointment: string | null };

/**
 * Splits the new clients into those with a first appointment and those
 * without; each keeps the order given.
 */
export function splitIntake<T extends IntakeClient>(
  newClients: readonly T[],
  firstAppointmentByClient: AppointmentFacts,
): { withAppointments: IntakeRow<T>[]; withoutAppointments: IntakeRow<T>[] } {
  const withAppointments: IntakeRow<T>[] = [];
  const withoutAppointments: IntakeRow<T>[] = [];
  for (const client of newClients) {
    const firstAppointment = firstAppointmentByClient.get(client.id) ?? null;
    (firstAppointment === null ? withoutAppointments : withAppointments).push({
      ...client,
      firstAppointment,
    });
  }
  return { withAppointments, withoutAppointments };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts intake rows by an allow-listed key; ties fall back to name, then id, so pages are stable. */
export function sortIntakeRows<T extends IntakeClient>(
  rows: readonly IntakeRow<T>[],
  sortBy: IntakeSortKey,
  sortDir: SortDirection,
): IntakeRow<T>[] {
  const sign = sortDir === 'asc' ? 1 : -1;
  const byName = (a: T, b: T) =>
    compareText(a.lastName.toLowerCase(), b.lastName.toLowerCase()) ||
    compareText(a.firstName.toLowerCase(), b.firstName.toLowerCase()) ||
    a.id - b.id;
  return [...rows].sort((a, b) => {
    switch (sortBy) {
      case 'firstAppointment': {
        // Clients without one sort last in either direction.
        if (a.firstAppointment === null || b.firstAppointment === null) {
          if (a.firstAppointment === b.firstAppointment) return byName(a, b);
          return a.firstAppointment === null ? 1 : -1;
        }
        return sign * compareText(a.firstAppointment, b.firstAppointment) || byName(a, b);
      }
      case 'added':
        return sign * compareText(a.createdAt, b.createdAt) || byName(a, b);
      case 'name':
        return sign * byName(a, b);
    }
  });
}
