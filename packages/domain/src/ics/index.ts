/**
 * `@openpractice/domain/ics`: the iCalendar reader the server's outside
 * calendar sync uses. A subpath of its own, so only the server loads ical.js.
 */
export { parseIcsCalendar } from './parse-calendar.ts';
export { resolveIcsTimezone, WINDOWS_TIMEZONES } from './timezones.ts';
export * from './types.ts';
