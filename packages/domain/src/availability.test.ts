import { describe, expect, it } from 'vitest';
import type { WeekdayCode } from './constants.ts';
import {
  currentSpan,
  spanContains,
  weekdayCode,
  weekdayNumber,
  type AvailabilitySpan,
} from './availability.ts';

const span = (
  span_id: number,
  span_from: string | null,
  span_to: string | null,
): AvailabilitySpan => ({
  span_id,
  span_from,
  span_to,
});

describe('spanContains', () => {
  it.each<[string, AvailabilitySpan, string | Date, boolean]>([
    ['inside', span(1, '2024-01-01', '2024-12-31'), '2024-06-15', true],
    ['first day', span(1, '2024-06-15', '2024-12-31'), '2024-06-15', true],
    ['last day', span(1, '2024-01-01', '2024-06-15'), '2024-06-15', true],
    [
      'last day, late in the evening',
      span(1, '2024-01-01', '2024-06-15'),
      new Date(2024, 5, 15, 23, 0),
      true,
    ],
    ['before', span(1, '2024-06-16', '2024-12-31'), '2024-06-15', false],
    ['after', span(1, '2024-01-01', '2024-06-14'), '2024-06-15', false],
    ['open start', span(1, null, '2024-12-31'), '2024-06-15', true],
    ['open start, ended', span(1, null, '2024-06-14'), '2024-06-15', false],
    ['open end', span(1, '2024-01-01', null), '2024-06-15', true],
    ['open end, not started', span(1, '2024-07-01', null), '2024-06-15', false],
    ['open both', span(1, null, null), '2024-06-15', true],
  ])('%s -> %s', (_label, s, day, expected) => {
    expect(spanContains(s, day)).toBe(expected);
  });
});

describe('currentSpan', () => {
  const past = span(1, '2023-01-01', '2023-12-31');
  const present = span(2, '2024-01-01', '2024-12-31');
  const future = span(3, '2025-01-01', null);

  it.each<[string, AvailabilitySpan[], string, number | null]>([
    ['the one containing today', [past, present, future], '2024-06-15', 2],
    ['open-ended future span once started', [past, present, future], '2025-02-01', 3],
    ['none in a gap', [past, future], '2024-06-15', null],
    ['none at all', [], '2024-06-15', null],
    ['first listed when spans overlap', [span(4, null, null), present], '2024-06-15', 4],
  ])('%s', (_label, spans, now, expectedId) => {
    expect(currentSpan(spans, now)?.span_id ?? null).toBe(expectedId);
  });
});

describe('weekday numbering', () => {
  it.each<[WeekdayCode, number]>([
    ['SUN', 0],
    ['MON', 1],
    ['TUE', 2],
    ['WED', 3],
    ['THU', 4],
    ['FRI', 5],
    ['SAT', 6],
  ])('%s <-> %d', (code, n) => {
    expect(weekdayNumber(code)).toBe(n);
    expect(weekdayCode(n)).toBe(code);
  });

  it.each([7, -1, 1.5])('%d has no weekday', (n) => {
    expect(weekdayCode(n)).toBeNull();
  });
});
