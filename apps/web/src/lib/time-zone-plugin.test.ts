import { describe, expect, it } from 'vitest';

import { zoneFieldsOf, zoneOffsetForFields } from './time-zone-plugin';

const NY = 'America/New_York';

describe('the calendars’ time zone plugin', () => {
  it.each([
    ['winter', '2026-01-15T14:00:00.000Z', [2026, 0, 15, 9, 0, 0, 0], -300],
    ['summer', '2026-07-15T13:30:00.000Z', [2026, 6, 15, 9, 30, 0, 0], -240],
    ['just before midnight', '2026-11-22T04:59:59.500Z', [2026, 10, 21, 23, 59, 59, 500], -300],
  ])('reads the wall clock in %s', (_name, instant, fields, offset) => {
    expect(zoneFieldsOf(Date.parse(instant), NY)).toEqual(fields);
    expect(zoneOffsetForFields(fields, NY)).toBe(offset);
  });

  it('moves a time skipped by the spring change forward (2:30 is 3:30 summer time)', () => {
    const offset = zoneOffsetForFields([2026, 2, 8, 2, 30, 0, 0], NY);
    expect(offset).toBe(-300);
    const instant = Date.UTC(2026, 2, 8, 2, 30) - offset * 60_000;
    expect(zoneFieldsOf(instant, NY).slice(3, 5)).toEqual([3, 30]);
  });

  it('takes the first of the repeated autumn hour', () => {
    expect(zoneOffsetForFields([2026, 10, 1, 1, 30, 0, 0], NY)).toBe(-240);
  });
});
