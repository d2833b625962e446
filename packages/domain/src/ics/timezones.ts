/**
 * The IANA zone a TZID names. Calendars write zone names the time-zone
 * database does not know: Outlook and Exchange write Windows names ('Eastern
 * Standard Time') or display names ('(UTC-05:00) Eastern Time (US & Canada)'),
 * Thunderbird prefixed names ('/mozilla.org/20050126_1/America/New_York').
 * A name decides over the file's own VTIMEZONE rules, so a stale or
 * hand-made block never overrides the time-zone database.
 */
import { isKnownTimezone } from '../zoned-time.ts';

/**
 * Windows zone names (Outlook, Exchange, Office 365) mapped to IANA zones as
 * the Unicode CLDR table does for the common zones.
 */
export const WINDOWS_TIMEZONES: Readonly<Record<string, string>> = {
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indiana/Indianapolis',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Alaskan Standard Time': 'America/Anchorage',
  'Aleutian Standard Time': 'America/Adak',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Atlantic Standard Time': 'America/Halifax',
  'SA Western Standard Time': 'America/Puerto_Rico',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Canada Central Standard Time': 'America/Regina',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Mexico Standard Time': 'America/Mexico_City',
  'West Pacific Standard Time': 'Pacific/Port_Moresby',
  'UTC-11': 'Pacific/Pago_Pago',
  'West Pacific Standard Time (Guam)': 'Pacific/Guam',
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'Romance Standard Time': 'Europe/Paris',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kiev',
  'GTB Standard Time': 'Europe/Bucharest',
  'Israel Standard Time': 'Asia/Jerusalem',
  'India Standard Time': 'Asia/Kolkata',
  'China Standard Time': 'Asia/Shanghai',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'Korea Standard Time': 'Asia/Seoul',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'E. South America Standard Time': 'America/Sao_Paulo',
};

/** Outlook display names ('(UTC-05:00) Eastern Time (US & Canada)'): a phrase and its zone. */
const DISPLAY_NAME_ZONES: readonly [string, string][] = [
  ['eastern time (us & canada)', 'America/New_York'],
  ['indiana (east)', 'America/Indiana/Indianapolis'],
  ['central time (us & canada)', 'America/Chicago'],
  ['mountain time (us & canada)', 'America/Denver'],
  ['arizona', 'America/Phoenix'],
  ['pacific time (us & canada)', 'America/Los_Angeles'],
  ['alaska', 'America/Anchorage'],
  ['hawaii', 'Pacific/Honolulu'],
  ['atlantic time (canada)', 'America/Halifax'],
  ['coordinated universal time', 'UTC'],
  ['dublin, edinburgh, lisbon, london', 'Europe/London'],
];

/** The IANA zone at the end of a prefixed name ('/citadel.org/20190101_1/Europe/Paris'). */
function zoneAtEndOf(name: string): string | null {
  const parts = name.split('/').filter((p) => p !== '');
  for (let k = Math.min(3, parts.length); k >= 1; k--) {
    const candidate = parts.slice(-k).join('/');
    if (/^[A-Za-z]/.test(candidate) && candidate.includes('/') && isKnownTimezone(candidate)) {
      return candidate;
    }
  }
  return null;
}

/**
 * The IANA zone a TZID names, or null when we cannot tell (the caller then
 * reads the time by the file's VTIMEZONE, else in the calendar's or the
 * practice's zone).
 */
export function resolveIcsTimezone(tzid: string | null | undefined): string | null {
  if (!tzid) return null;
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (name === '') return null;
  const windows = WINDOWS_TIMEZONES[name];
  if (windows) return windows;
  if (/^[A-Za-z]/.test(name) && isKnownTimezone(name)) return name;
  const prefixed = zoneAtEndOf(name);
  if (prefixed) return prefixed;
  const lower = name.toLowerCase();
  return DISPLAY_NAME_ZONES.find(([phrase]) => lower.includes(phrase))?.[1] ?? null;
}
