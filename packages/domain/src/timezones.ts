/**
 * US time zones a practice or client can choose, and the old names they may
 * still be stored under (spec-2 §7 System: "Old US time-zone names are
 * aliased to standard zone names").
 */

export interface UsTimezone {
  /** Standard IANA zone name. */
  name: string;
  label: string;
}

/** States first (east to west), then the zones with their own rules, then territories. */
export const US_TIMEZONES: readonly UsTimezone[] = [
  { name: 'America/New_York', label: 'Eastern' },
  { name: 'America/Chicago', label: 'Central' },
  { name: 'America/Denver', label: 'Mountain' },
  { name: 'America/Phoenix', label: 'Arizona' },
  { name: 'America/Los_Angeles', label: 'Pacific' },
  { name: 'America/Anchorage', label: 'Alaska' },
  { name: 'Pacific/Honolulu', label: 'Hawaii' },
  { name: 'America/Detroit', label: 'Eastern (Michigan)' },
  { name: 'America/Indiana/Indianapolis', label: 'Eastern (Indiana)' },
  { name: 'America/Indiana/Knox', label: 'Central (Indiana Starke County)' },
  { name: 'America/Kentucky/Louisville', label: 'Eastern (Louisville, Kentucky)' },
  { name: 'America/Adak', label: 'Aleutian Islands' },
  { name: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico, U.S. Virgin Islands)' },
  { name: 'Pacific/Guam', label: 'Chamorro (Guam, Northern Mariana Islands)' },
  { name: 'Pacific/Pago_Pago', label: 'Samoa (American Samoa)' },
];

/**
 * Old or non-geographic names and where they now point. EST is read as US
 * Eastern: practices that stored it meant their local Eastern time, even
 * though the IANA database now links EST to a fixed-offset zone in Panama.
 * MST and HST are fixed-offset zones with no daylight saving, exactly as
 * Arizona and Hawaii keep time.
 */
export const TIMEZONE_ALIASES: Readonly<Record<string, string>> = {
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'US/Pacific-New': 'America/Los_Angeles',
  'US/Alaska': 'America/Anchorage',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Arizona': 'America/Phoenix',
  'US/East-Indiana': 'America/Indiana/Indianapolis',
  'US/Indiana-Starke': 'America/Indiana/Knox',
  'US/Michigan': 'America/Detroit',
  'US/Aleutian': 'America/Adak',
  'US/Samoa': 'Pacific/Pago_Pago',
  EST5EDT: 'America/New_York',
  CST6CDT: 'America/Chicago',
  MST7MDT: 'America/Denver',
  PST8PDT: 'America/Los_Angeles',
  EST: 'America/New_York',
  MST: 'America/Phoenix',
  HST: 'Pacific/Honolulu',
  Navajo: 'America/Denver',
  'America/Shiprock': 'America/Denver',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Atka': 'America/Adak',
  'America/Virgin': 'America/Puerto_Rico',
  'America/St_Thomas': 'America/Puerto_Rico',
  'Pacific/Saipan': 'Pacific/Guam',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  'Pacific/Midway': 'Pacific/Pago_Pago',
  'Pacific/Johnston': 'Pacific/Honolulu',
};

const STANDARD_NAMES = new Set(US_TIMEZONES.map((zone) => zone.name));

/**
 * The standard name for a stored zone: listed names as they are, old names
 * mapped to their replacement. Null for anything else (including valid zones
 * outside the US list), so callers can fall back to the practice's zone.
 */
export function canonicalTimezone(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  if (STANDARD_NAMES.has(trimmed)) return trimmed;
  return Object.hasOwn(TIMEZONE_ALIASES, trimmed) ? (TIMEZONE_ALIASES[trimmed] ?? null) : null;
}

/** The label of a zone, accepting old names; null when the zone is not a US one we list. */
export function timezoneLabel(name: string | null | undefined): string | null {
  const canonical = canonicalTimezone(name);
  return US_TIMEZONES.find((zone) => zone.name === canonical)?.label ?? null;
}
