import { describe, expect, it } from 'vitest';

import { lastMonth, periodErrors } from './statement-period';

describe('periodErrors', () => {
  it('accepts a period of one day or more', () => {
    expect(periodErrors({ from: '2026-10-01', to: '2026-10-31' })).toEqual({});
    expect(periodErrors({ from: '2026-10-01', to: '2026-10-01' })).toEqual({});
  });

  it('asks for both days', () => {
    expect(periodErrors({ from: '', to: '' })).toEqual({
      from: 'Enter the first day of the period.',
      to: 'Enter the last day of the period.',
    });
  });

  it('refuses a day that does not exist', () => {
    expect(periodErrors({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: 'Enter a valid date.',
    });
  });

  it('refuses an end before the start, on the end', () => {
    expect(periodErrors({ from: '2026-10-02', to: '2026-10-01' })).toEqual({
      to: 'Must not be before the start.',
    });
  });
});

describe('lastMonth', () => {
  it('is the calendar month before today', () => {
    expect(lastMonth(new Date(2026, 10, 27))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('crosses the year in January', () => {
    expect(lastMonth(new Date(2026, 0, 5))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
