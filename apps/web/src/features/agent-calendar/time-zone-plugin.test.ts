import { describe, expect, it } from 'vitest';

import { zoneFieldsOf, zoneOffsetForFields } from './time-zone-plugin';

const NY = 'America/New_York';

describe('the agent calendar’s time zone', () => {
  it.each([
    [[2026, 0, 15, 9, 0, 0, 0], -300],
    [[2026, 6, 15, 9, 0, 0, 0], -240],
    // The spring gap takes the offset before it; the autumn repeat the first (summer) one.
    [[2026, 2, 8, 2, 30, 0, 0], -300],
    [[2026, 10, 1, 1, 30, 0, 0], -240],
  ])('offset of %j is %i minutes', (fields, offset) => {
    expect(zoneOffsetForFields(fields, NY)).toBe(offset);
  });

  it('reads an instant on the zone’s clock', () => {
    expect(zoneFieldsOf(Date.UTC(2026, 10, 23, 14, 0, 0, 250), NY)).toEqual([
      2026, 10, 23, 9, 0, 0, 250,
    ]);
  });
});
