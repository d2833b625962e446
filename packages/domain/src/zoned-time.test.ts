import { describe, expect, it } from 'vitest';
import {
  formatZonedDate,
  formatZonedTime,
  instantOfZonedDateTime,
  zonedDateTimeValue,
  zonedIsoDate,
} from './zoned-time.ts';

const NY = 'America/New_York';

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
