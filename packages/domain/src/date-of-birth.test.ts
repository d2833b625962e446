import { describe, expect, it } from 'vitest';

import type { DateInput } from './dates.ts';
import { dateOfBirthWarning, DOB_OVER_120_YEARS } from './date-of-birth.ts';

const TODAY = '2026-11-26';

describe('dateOfBirthWarning', () => {
  it.each<[string, DateInput | null | undefined, string | null]>([
    ['120 years and a day ago', '1906-11-25', DOB_OVER_120_YEARS],
    ['exactly 120 years ago', '1906-11-26', null],
    ['119 years ago', '1907-06-01', null],
    ['a usual date', '1985-04-12', null],
    ['typed as MM/DD/YYYY, too long ago', '03/15/1825', DOB_OVER_120_YEARS],
    ['typed as MM/DD/YYYY, fine', '03/15/1995', null],
    ['with spaces around it', ' 01/01/1900 ', DOB_OVER_120_YEARS],
    ['blank', '', null],
    ['absent', null, null],
    ['not a date (the field says why)', '13/45/1900', null],
    ['half typed', '01/01/19', null],
    ['half typed, a year that would be too old', '01/01/190', null],
    ['a date object', new Date(1850, 0, 1), DOB_OVER_120_YEARS],
  ])('%s: %j', (_name, dob, expected) => {
    expect(dateOfBirthWarning(dob, TODAY)).toBe(expected);
  });

  it('moves with today: a leap-day birth 120 years back', () => {
    expect(dateOfBirthWarning('1904-02-29', '2024-02-29')).toBeNull();
    expect(dateOfBirthWarning('1904-02-28', '2024-02-29')).toBe(DOB_OVER_120_YEARS);
  });
});
