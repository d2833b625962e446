import { describe, expect, it } from 'vitest';

import { isoDaysAgo, usDateOf, wireDateOf } from './dates';

describe('form dates', () => {
  it('shows wire dates as typed dates and back', () => {
    expect(usDateOf('1985-06-15')).toBe('06/15/1985');
    expect(usDateOf(null)).toBe('');
    expect(wireDateOf(' 06/15/1985 ')).toBe('1985-06-15');
  });

  it('sends blank as null and leaves unreadable text for the validator', () => {
    expect(wireDateOf('  ')).toBeNull();
    expect(wireDateOf('02/30/2024')).toBe('02/30/2024');
  });

  it('counts days back from now', () => {
    expect(isoDaysAgo(new Date(2026, 10, 21, 9, 0), 120)).toBe('2026-07-24');
    expect(isoDaysAgo(new Date(2026, 10, 21, 9, 0))).toBe('2026-11-21');
  });
});
