import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  addIsoMonths,
  formatZonedDate,
  formatZonedTime,
  instantOfZonedDateTime,
  isIsoDay,
  monthGridWindow,
  startOfZonedDay,
  sundayOnOrBefore,
  utcToWallTime,
  wallTimeToUtc,
  weekWindow,
  zoneOffsetMs,
  zonedDateTimeValue,
  zonedIsoDate,
} from './zoned-time.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;

describe("formatting on a zone's clocks", () => {
  it.each([
    ['2031-03-15T18:45:00.000Z', NY, '03/15/2031', '2:45 PM', '2031-03-15T14:45'],
    ['2031-03-15T04:05:00.000Z', NY, '03/15/2031', '12:05 AM', '2031-03-15T00:05'],
    ['2031-03-15T03:59:00.000Z', NY, '03/14/2031', '11:59 PM', '2031-03-14T23:59'],
    ['2031-07-01T16:00:00.000Z', NY, '07/01/2031', '12:00 PM', '2031-07-01T12:00'],
    [
      '2031-07-01T16:00:00.000Z',
      'America/Los_Angeles',
      '07/01/2031',
      '9:00 AM',
      '2031-07-01T09:00',
    ],
    ['2031-07-01T16:00:00.000Z', 'Pacific/Honolulu', '07/01/2031', '6:00 AM', '2031-07-01T06:00'],
  ])('%s in %s is %s %s', (at, zone, date, time, value) => {
    expect(formatZonedDate(at, zone)).toBe(date);
    expect(formatZonedTime(at, zone)).toBe(time);
    expect(zonedDateTimeValue(at, zone)).toBe(value);
    expect(zonedIsoDate(at, zone)).toBe(value.slice(0, 10));
  });
});

describe('instantOfZonedDateTime', () => {
  it.each<[string, string, string | null]>([
    ['2031-03-15T14:45', NY, '2031-03-15T18:45:00.000Z'],
    ['2031-01-10T09:00', NY, '2031-01-10T14:00:00.000Z'],
    ['2031-07-01T09:00', 'America/Los_Angeles', '2031-07-01T16:00:00.000Z'],
    // Spring forward (9 March 2031, 02:00 → 03:00): 02:30 does not exist and reads as 03:30.
    ['2031-03-09T02:30', NY, '2031-03-09T07:30:00.000Z'],
    ['2031-03-09T01:30', NY, '2031-03-09T06:30:00.000Z'],
    ['2031-03-09T03:30', NY, '2031-03-09T07:30:00.000Z'],
    // Fall back (2 November 2031): 01:30 happens twice; the first (summer) one is taken.
    ['2031-11-02T01:30', NY, '2031-11-02T05:30:00.000Z'],
    ['2031-11-02T03:00', NY, '2031-11-02T08:00:00.000Z'],
    ['2031-02-30T09:00', NY, null],
    ['2031-13-01T09:00', NY, null],
    ['tomorrow', NY, null],
    ['2031-03-15 14:45', NY, null],
  ])('%s in %s is %s', (value, zone, instant) => {
    expect(instantOfZonedDateTime(value, zone)).toBe(instant);
  });

  it('round-trips every quarter hour of a day with a clock change', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const at = new Date(Date.UTC(2031, 10, 2, 4, 0) + minutes * 60_000).toISOString();
      const value = zonedDateTimeValue(at, NY);
      const back = instantOfZonedDateTime(value, NY);
      expect(back === null ? null : zonedDateTimeValue(back, NY)).toBe(value);
    }
  });
});

/** A wall time written 'YYYY-MM-DD HH:mm', as UTC milliseconds. */
const wall = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00Z`);

// 2026: New York springs forward 8 March 02:00 and falls back 1 November 02:00;
// London springs forward 29 March 01:00 and falls back 25 October 02:00.
describe('wall times and instants on clock-change days', () => {
  it.each<[string, string, string, string]>([
    ['New York before spring forward', NY, '2026-03-08 01:59', '2026-03-08T06:59:00.000Z'],
    [
      'New York in the spring gap (read as 03:30)',
      NY,
      '2026-03-08 02:30',
      '2026-03-08T07:30:00.000Z',
    ],
    ['New York after spring forward', NY, '2026-03-08 03:00', '2026-03-08T07:00:00.000Z'],
    ['New York before fall back', NY, '2026-11-01 00:30', '2026-11-01T04:30:00.000Z'],
    ['New York repeated hour (first, EDT)', NY, '2026-11-01 01:30', '2026-11-01T05:30:00.000Z'],
    ['New York after fall back', NY, '2026-11-01 02:00', '2026-11-01T07:00:00.000Z'],
    ['London before spring forward', LONDON, '2026-03-29 00:30', '2026-03-29T00:30:00.000Z'],
    [
      'London in the spring gap (read as 02:30)',
      LONDON,
      '2026-03-29 01:30',
      '2026-03-29T01:30:00.000Z',
    ],
    ['London after spring forward', LONDON, '2026-03-29 02:30', '2026-03-29T01:30:00.000Z'],
    ['London before fall back', LONDON, '2026-10-25 00:30', '2026-10-24T23:30:00.000Z'],
    ['London repeated hour (first, BST)', LONDON, '2026-10-25 01:30', '2026-10-25T00:30:00.000Z'],
    ['London after fall back', LONDON, '2026-10-25 02:30', '2026-10-25T02:30:00.000Z'],
    ['UTC never changes', 'UTC', '2026-03-08 02:30', '2026-03-08T02:30:00.000Z'],
  ])('%s: %s %s is %s', (_label, zone, text, iso) => {
    expect(new Date(wallTimeToUtc(wall(text), zone)).toISOString()).toBe(iso);
  });

  it.each<[string, string, string, number]>([
    [NY, '2026-03-08T06:59:00Z', '2026-03-08 01:59', -5],
    [NY, '2026-03-08T07:00:00Z', '2026-03-08 03:00', -4],
    [NY, '2026-11-01T05:30:00Z', '2026-11-01 01:30', -4],
    [NY, '2026-11-01T06:30:00Z', '2026-11-01 01:30', -5],
    [LONDON, '2026-03-29T00:59:00Z', '2026-03-29 00:59', 0],
    [LONDON, '2026-03-29T01:00:00Z', '2026-03-29 02:00', 1],
    [LONDON, '2026-10-25T00:30:00Z', '2026-10-25 01:30', 1],
    [LONDON, '2026-10-25T01:30:00Z', '2026-10-25 01:30', 0],
  ])('in %s, %s shows %s (UTC%+d)', (zone, iso, text, hours) => {
    expect(utcToWallTime(Date.parse(iso), zone)).toBe(wall(text));
    expect(zoneOffsetMs(Date.parse(iso), zone)).toBe(hours * HOUR);
  });
});

describe('practice-local dates', () => {
  it.each<[string, string, string]>([
    ['2026-03-05T03:00:00.000Z', NY, '2026-03-04'],
    ['2026-03-05T03:00:00.000Z', 'UTC', '2026-03-05'],
    ['2026-03-08T04:59:59.000Z', NY, '2026-03-07'],
    ['2026-03-08T05:00:00.000Z', NY, '2026-03-08'],
    ['2026-11-02T04:59:59.000Z', NY, '2026-11-01'],
    ['2026-11-02T05:00:00.000Z', NY, '2026-11-02'],
    ['2026-03-28T23:59:59.000Z', LONDON, '2026-03-28'],
    ['2026-10-25T23:30:00.000Z', LONDON, '2026-10-25'],
  ])('%s in %s is %s', (iso, zone, day) => {
    expect(zonedIsoDate(iso, zone)).toBe(day);
  });

  it.each<[string, string, string, number]>([
    [NY, '2026-03-08', '2026-03-08T05:00:00.000Z', 23],
    [NY, '2026-11-01', '2026-11-01T04:00:00.000Z', 25],
    [NY, '2026-07-01', '2026-07-01T04:00:00.000Z', 24],
    [LONDON, '2026-03-29', '2026-03-29T00:00:00.000Z', 23],
    [LONDON, '2026-10-25', '2026-10-24T23:00:00.000Z', 25],
  ])('in %s, %s starts at %s and lasts %i hours', (zone, day, start, hours) => {
    const first = startOfZonedDay(day, zone);
    const next = startOfZonedDay(addIsoDays(day, 1), zone);
    expect(first).toBe(start);
    expect((Date.parse(next ?? '') - Date.parse(first ?? '')) / HOUR).toBe(hours);
  });

  it.each<[string | null, boolean]>([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    [null, false],
  ])('%s is a day: %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
  ])('%s plus %i days is %s', (day, days, expected) => {
    expect(addIsoDays(day, days)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s plus %i months is %s', (day, months, expected) => {
    expect(addIsoMonths(day, months)).toBe(expected);
  });
});

describe('weeks start on Sunday', () => {
  it.each<[string, string, string]>([
    ['2026-03-08', '2026-03-08', '2026-03-15'],
    ['2026-03-14', '2026-03-08', '2026-03-15'],
    ['2026-11-01', '2026-11-01', '2026-11-08'],
    ['2027-01-01', '2026-12-27', '2027-01-03'],
    ['2024-02-29', '2024-02-25', '2024-03-03'],
  ])('the week of %s is %s … %s', (day, start, end) => {
    expect(sundayOnOrBefore(day)).toBe(start);
    expect(weekWindow(day)).toEqual({ start, end });
  });
});

describe("the month view's six weeks", () => {
  it.each<[string, string, string]>([
    // The first is a Sunday: the grid starts on it.
    ['2026-03-15', '2026-03-01', '2026-04-12'],
    ['2026-02-10', '2026-02-01', '2026-03-15'],
    ['2026-11-30', '2026-11-01', '2026-12-13'],
    // The first is a Saturday: the grid starts six days before.
    ['2026-08-31', '2026-07-26', '2026-09-06'],
    // Across a new year.
    ['2027-01-01', '2026-12-27', '2027-02-07'],
  ])('around %s: %s … %s, 42 days holding the whole month', (day, start, end) => {
    const window = monthGridWindow(day);
    expect(window).toEqual({ start, end });
    expect((Date.parse(end) - Date.parse(start)) / (24 * HOUR)).toBe(42);
    const firstOfMonth = `${day.slice(0, 7)}-01`;
    const lastOfMonth = addIsoDays(addIsoMonths(firstOfMonth, 1), -1);
    expect(window.start <= firstOfMonth && lastOfMonth < window.end).toBe(true);
  });
});
