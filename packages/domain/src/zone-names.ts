/**
 * Time-zone names people read beside a time when they book: '10:00 AM
 * Eastern', and a visitor in another zone also sees their own clock
 * ('10:00 AM Eastern (7:00 AM your time)'). Pure: Intl only.
 */
import { TIMEZONE_ALIASES } from './timezones.ts';
import { formatZonedTime, isKnownTimezone, isoWeekday, zonedIsoDate } from './zoned-time.ts';

/**
 * The generic names of the zones US practices keep (the same all year: a
 * booking in July is 'Eastern', never 'EDT'). Written out so every browser
 * says the same whatever its Intl data. Arizona is named for itself: it keeps
 * Mountain Standard Time all year, so from March to November its clocks
 * differ from Denver's.
 */
const GENERIC_NAMES: Readonly<Record<string, string>> = {
  'America/New_York': 'Eastern',
  'America/Detroit': 'Eastern',
  'America/Indiana/Indianapolis': 'Eastern',
  'America/Kentucky/Louisville': 'Eastern',
  'America/Chicago': 'Central',
  'America/Indiana/Knox': 'Central',
  'America/Denver': 'Mountain',
  'America/Boise': 'Mountain',
  'America/Phoenix': 'Arizona',
  'America/Los_Angeles': 'Pacific',
  'America/Anchorage': 'Alaska',
  'Pacific/Honolulu': 'Hawaii',
  'America/Adak': 'Aleutian',
  'America/Puerto_Rico': 'Atlantic',
  'Pacific/Guam': 'Chamorro',
  'Pacific/Pago_Pago': 'Samoa',
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
};

/** Intl's US generic names ('Central Time') read as the table's single word. */
const US_GENERIC = /^(Eastern|Central|Mountain|Pacific|Alaska) Time$/;

function intlGenericName(instant: Date, timeZone: string): string | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ?? null;
  } catch {
    return null;
  }
}

/**
 * The name people use for a zone at an instant: 'Eastern', 'Central',
 * 'Mountain', 'Arizona', 'Pacific', 'Alaska', 'Hawaii' for US zones (old
 * names such as 'US/Eastern' included), else Intl's long generic name
 * ('Central European Time'), else the zone's id as given.
 */
export function zoneName(timeZone: string, at: Date | string | number = Date.now()): string {
  const zone = TIMEZONE_ALIASES[timeZone] ?? timeZone;
  const listed = GENERIC_NAMES[zone];
  if (listed) return listed;
  const instant = at instanceof Date ? at : new Date(at);
  const generic = isKnownTimezone(zone) ? intlGenericName(instant, zone) : null;
  if (!generic) return timeZone;
  return US_GENERIC.exec(generic)?.[1] ?? generic;
}

/** '10:00 AM Eastern': the time on the zone's clocks and the zone's name. */
export function formatTimeWithZone(at: Date | string, timeZone: string): string {
  return `${formatZonedTime(at, timeZone)} ${zoneName(timeZone, at)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The same instant on the visitor's clocks, '7:00 AM your time' ('Wed
 * 11:00 PM your time' when it falls on another day there). Null when the
 * visitor's zone is unknown or their clocks read the same then (Phoenix and
 * Denver in winter): a second identical time would only puzzle.
 */
export function visitorTimeOf(
  at: Date | string,
  practiceZone: string,
  visitorZone: string | null | undefined,
): string | null {
  if (!visitorZone || visitorZone === practiceZone || !isKnownTimezone(visitorZone)) return null;
  const theirs = formatZonedTime(at, visitorZone);
  const theirDay = zonedIsoDate(at, visitorZone);
  if (theirs === formatZonedTime(at, practiceZone) && theirDay === zonedIsoDate(at, practiceZone))
    return null;
  const weekday =
    theirDay === zonedIsoDate(at, practiceZone) ? '' : `${WEEKDAYS[isoWeekday(theirDay)] ?? ''} `;
  return `${weekday}${theirs} your time`;
}

/** '10:00 AM Eastern (7:00 AM your time)', or '10:00 AM Eastern' for a visitor on the same clocks. */
export function formatTimeForVisitor(
  at: Date | string,
  practiceZone: string,
  visitorZone: string | null | undefined,
): string {
  const own = visitorTimeOf(at, practiceZone, visitorZone);
  const time = formatTimeWithZone(at, practiceZone);
  return own ? `${time} (${own})` : time;
}
