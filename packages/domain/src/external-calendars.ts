/**
 * A therapist's outside calendars, read from an ICS (iCal) address (spec-1 §4
 * 'Calendar loading', issue 5 item 12): which addresses we accept, which
 * calendars are skipped, the colours to choose from, how far a sync reads,
 * and who sees an outside event's title.
 */
export * from './ics/types.ts';

/** The colours a therapist chooses from; each keeps white text readable (WCAG AA). */
export const EXTERNAL_CALENDAR_COLOURS = [
  { value: '#6A1B9A', label: 'Purple' },
  { value: '#00695C', label: 'Teal' },
  { value: '#283593', label: 'Indigo' },
  { value: '#5D4037', label: 'Brown' },
  { value: '#BF360C', label: 'Rust' },
  { value: '#AD1457', label: 'Raspberry' },
  { value: '#33691E', label: 'Olive' },
  { value: '#455A64', label: 'Slate' },
] as const;

export type ExternalCalendarColour = (typeof EXTERNAL_CALENDAR_COLOURS)[number]['value'];

export const EXTERNAL_CALENDAR_COLOUR_VALUES = EXTERNAL_CALENDAR_COLOURS.map((c) => c.value) as [
  ExternalCalendarColour,
  ...ExternalCalendarColour[],
];

/** How many outside calendars one therapist may connect. */
export const MAX_EXTERNAL_CALENDARS = 10;
export const EXTERNAL_CALENDAR_NAME_MAX = 100;
export const EXTERNAL_CALENDAR_URL_MAX = 2000;

/** The title others see on a therapist's outside event. */
export const EXTERNAL_BUSY_TITLE = 'Busy';

/** Messages of the external calendar screens (spec-1 §8 Calendar). */
export const EXTERNAL_CALENDAR_MESSAGES = {
  syncStarting: 'Starting sync.',
  syncComplete: 'Sync complete.',
  syncFailed: 'We had a problem syncing your external calendars.',
  loadFailed: 'Error getting external calendars. Please try again',
  skipped:
    'This is a holiday or contacts calendar, which holds no busy time, so its events are not read.',
} as const;

/**
 * Calendars whose id contains 'addressbook' (contacts' birthdays) or 'en.usa'
 * (Google's US holidays) are skipped (spec-1 §4). The id may arrive
 * percent-encoded inside an address ('en.usa%23holiday%40group…'); case does
 * not matter.
 */
export function isSkippedExternalCalendar(id: string | null | undefined): boolean {
  if (!id) return false;
  let text = id;
  try {
    text = decodeURIComponent(id);
  } catch {
    // Not percent-encoded text: check it as it is.
  }
  const lower = text.toLowerCase();
  return lower.includes('addressbook') || lower.includes('en.usa');
}

export type IcsAddressCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * An ICS address as typed: http or https (webcal and webcals, as calendar apps
 * share them, mean https), with a host, no spaces and no user name or
 * password in it (those would be stored and shown as plain text).
 */
export function checkIcsAddress(input: string): IcsAddressCheck {
  const text = input.trim();
  const invalid = {
    ok: false as const,
    message: 'Enter the calendar’s ICS address (http or https).',
  };
  if (text === '' || /\s/.test(text)) return invalid;
  if (text.length > EXTERNAL_CALENDAR_URL_MAX) {
    return { ok: false, message: 'That address is too long.' };
  }
  const normalised = text.replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(normalised);
  } catch {
    return invalid;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return invalid;
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'Leave the user name and password out of the address.' };
  }
  return { ok: true, url: url.toString() };
}

/** A sync keeps outside events from 60 days back to 365 days ahead of `now`. */
export const EXTERNAL_SYNC_DAYS_BACK = 60;
export const EXTERNAL_SYNC_DAYS_AHEAD = 365;

export function externalSyncWindow(now: Date): { start: number; end: number } {
  const day = 86_400_000;
  return {
    start: now.getTime() - EXTERNAL_SYNC_DAYS_BACK * day,
    end: now.getTime() + EXTERNAL_SYNC_DAYS_AHEAD * day,
  };
}

/** Titles from outside calendars are shown only to their owner; everyone else sees 'Busy'. */
export function externalEventTitle(
  title: string,
  ownerUserId: number,
  viewerUserId: number,
): string {
  if (ownerUserId !== viewerUserId) return EXTERNAL_BUSY_TITLE;
  return title.trim() === '' ? EXTERNAL_BUSY_TITLE : title;
}

/**
 * External-service events show only when the current user is among the shown
 * therapists (spec-1 §4): the calendar page asks for them only then.
 */
export function showsExternalEvents(
  shownTherapistIds: readonly number[],
  currentTherapistId: number | null | undefined,
): boolean {
  return (
    currentTherapistId !== null &&
    currentTherapistId !== undefined &&
    shownTherapistIds.includes(currentTherapistId)
  );
}
