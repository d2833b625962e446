import { describe, expect, it } from 'vitest';
import { dayOf, isoDate, parseUsDate, toDay } from './dates.ts';

describe('parseUsDate', () => {
  it.each<[string, string | null]>([
    ['01/05/1995', '1995-01-05'],
    ['02/29/2024', '2024-02-29'],
    ['12/31/2023', '2023-12-31'],
    ['02/30/2024', null],
    ['02/29/2023', null],
    ['13/01/2024', null],
    ['00/10/2024', null],
    ['1/5/1995', null],
    ['1995-01-05', null],
  ])('%s -> %s', (text, expected) => {
    const parsed = parseUsDate(text);
    expect(parsed === null ? null : isoDate(parsed)).toBe(expected);
  });
});

describe('toDay and dayOf', () => {
  it.each<[string | Date, string | null]>([
    ['2024-03-01', '2024-03-01'],
    ['2024-03-01T23:59:00', '2024-03-01'],
    ['03/01/2024', '2024-03-01'],
    [new Date(2024, 2, 1, 12), '2024-03-01'],
    ['02/30/2024', null],
    ['nonsense', null],
  ])('%j is the day %s', (input, expected) => {
    const day = dayOf(input);
    expect(day.isValid() ? isoDate(day) : null).toBe(expected);
    expect(toDay(input).isValid()).toBe(expected !== null);
  });
});
