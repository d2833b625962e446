/**
 * Client record rules (spec-2 §3-§6, spec-1 §6): statuses, memo and alert
 * text, portal accounts, what client search shows, and the ePrescribe
 * customer filter.
 */
import { toDay, type DateInput } from './dates.ts';
import { hasRole } from './roles.ts';

// --- Status per therapist -------------------------------------------------------------

export const INACTIVE_STATUS = 'INACTIVE';

export interface ClientTherapistStatus {
  therapistId: number | string;
  status: string;
}

/**
 * Inactive for all (archived) when every therapist's status is INACTIVE. A
 * client with no statuses at all is not archived: there is nothing to
 * unarchive, so the archive action is the one to offer.
 */
export function isClientInactiveForAll(statuses: readonly ClientTherapistStatus[]): boolean {
  return statuses.length > 0 && statuses.every((s) => s.status === INACTIVE_STATUS);
}

// --- Memo and alert -------------------------------------------------------------------

/** Memo and alert text as saved: blank or whitespace-only means none (null); other text is kept as typed. */
export function normaliseNoteText(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text;
}

// --- Portal account -------------------------------------------------------------------

export const PORTAL_STATUSES = [
  'INITIAL',
  'ACTIVATION_LINK_SENT',
  'PASSWORD_RESET_LINK_SENT',
  'PASSWORD_RESET_REQUIRED',
  'ENABLED',
  'DISABLED',
] as const;
export type PortalStatus = (typeof PORTAL_STATUSES)[number];

export function isPortalStatus(value: string): value is PortalStatus {
  return (PORTAL_STATUSES as readonly string[]).includes(value);
}

export interface PortalLockState {
  failedLoginCount?: number | null;
  loginLockExpiration?: string | null;
}

/** Locked after a failed sign-in while the lock has not yet expired (compared to the moment `now`). */
export function isPortalAccountLocked(portal: PortalLockState, now: DateInput): boolean {
  if ((portal.failedLoginCount ?? 0) <= 0) return false;
  if (portal.loginLockExpiration === null || portal.loginLockExpiration === undefined) return false;
  const expiry = toDay(portal.loginLockExpiration);
  return expiry.isValid() && expiry.isAfter(toDay(now));
}

// --- Client search and therapist filters --------------------------------------------

/**
 * Client search shows a therapist-name column when it can tell clients apart:
 * for managers and schedulers looking across therapists (no therapist filter),
 * or for anyone filtering on several therapists.
 */
export function showTherapistNameColumn(
  authorities: readonly string[],
  filteredTherapistIds: readonly (number | string)[],
): boolean {
  const managerOrScheduler =
    hasRole(authorities, 'manager') || authorities.includes('customer.scheduler');
  return (
    (managerOrScheduler && filteredTherapistIds.length === 0) || filteredTherapistIds.length > 1
  );
}

export interface TherapistOption {
  id: number | string;
  active: boolean;
}

/**
 * Therapists to list in a therapist filter. With none selected only active
 * therapists are shown. Once some are selected, the selected ones stay listed
 * even if inactive (so a remembered choice can still be seen and cleared),
 * alongside the active ones.
 */
export function therapistsToShow<T extends TherapistOption>(
  therapists: readonly T[],
  selectedIds: readonly (number | string)[],
): T[] {
  const selected = new Set(selectedIds.map(String));
  return therapists.filter((t) => t.active || selected.has(String(t.id)));
}

// --- ePrescribe customers (internal staff list) ------------------------------------

export interface EPrescribeCustomer {
  customerId: number | string;
  practiceName: string;
  firstName: string;
  lastName: string;
  status: string;
  controlledSubstances: boolean;
}

/** Blank text fields and unset exact fields do not filter. */
export interface EPrescribeCustomerFilter {
  practiceName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  status?: string | null;
  controlledSubstances?: boolean | null;
}

function startsWithIgnoringCase(value: string, prefix: string | null | undefined): boolean {
  const wanted = prefix?.trim().toLowerCase() ?? '';
  return wanted === '' || value.toLowerCase().startsWith(wanted);
}

function matchesExactly<T>(value: T, wanted: T | null | undefined): boolean {
  return wanted === null || wanted === undefined || value === wanted;
}

/** Names match by case-insensitive prefix; status and controlledSubstances match exactly. */
export function filterEPrescribeCustomers<T extends EPrescribeCustomer>(
  customers: readonly T[],
  filter: EPrescribeCustomerFilter,
): T[] {
  return customers.filter(
    (c) =>
      startsWithIgnoringCase(c.practiceName, filter.practiceName) &&
      startsWithIgnoringCase(c.firstName, filter.firstName) &&
      startsWithIgnoringCase(c.lastName, filter.lastName) &&
      matchesExactly(c.status, filter.status === '' ? null : filter.status) &&
      matchesExactly(c.controlledSubstances, filter.controlledSubstances),
  );
}

/** A client's status with one therapist (spec-2 §4 names INACTIVE; the others are ours). */
export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE', 'WAITLIST', 'DISCHARGED'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  WAITLIST: 'Waitlist',
  DISCHARGED: 'Discharged',
};

/** The client search's sort allow-list, mapped to SQL only on the server. */
export const CLIENT_SEARCH_SORT_KEYS = ['name', 'added', 'accountNumber', 'dateOfBirth'] as const;
export type ClientSearchSortKey = (typeof CLIENT_SEARCH_SORT_KEYS)[number];

/** A claim carries at most twelve diagnosis codes, so a client holds at most twelve. */
export const MAX_DIAGNOSES = 12;

/** Who may add clients: front office, schedulers, billers, managers and therapists (their own). */
export function mayCreateClients(authorities: readonly string[]): boolean {
  return (
    hasRole(authorities, 'allDemographics') ||
    hasRole(authorities, 'scheduling') ||
    authorities.includes('customer.frontoffice')
  );
}
