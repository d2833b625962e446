import { describe, expect, it } from 'vitest';
import type { DateRange } from './dates.ts';
import {
  PRINT_RECORDS_PRESETS,
  SHARED_FILTER_PRESETS,
  daysAgoLabel,
  daysAgoRange,
  defaultPrintRecordsRange,
  defaultSharedFilterRange,
} from './days-ago.ts';

const NOW = '2024-03-15';

describe('daysAgoRange', () => {
  it.each<[number, DateRange]>([
    [0, { start: '2024-03-15', end: '2024-03-15' }],
    [1, { start: '2024-03-14', end: '2024-03-15' }],
    [7, { start: '2024-03-08', end: '2024-03-15' }],
    [30, { start: '2024-02-14', end: '2024-03-15' }],
  ])('%d days', (days, expected) => {
    expect(daysAgoRange(days, NOW)).toEqual(expected);
  });
});

describe('daysAgoLabel', () => {
  it.each<[string, DateRange, string]>([
    ['same day', daysAgoRange(0, NOW), 'Today'],
    ['one day', daysAgoRange(1, NOW), 'Last 1 Day'],
    ['two days', daysAgoRange(2, NOW), 'Last 2 Days'],
    ['six days', daysAgoRange(6, NOW), 'Last 6 Days'],
    ['seven days', daysAgoRange(7, NOW), 'This Week'],
    ['eight days', daysAgoRange(8, NOW), 'Last 8 Days'],
    ['thirty days', daysAgoRange(30, NOW), 'Last 30 Days'],
    ['thirty-one days', daysAgoRange(31, NOW), '02/13/2024 - 03/15/2024'],
    ['not ending today', { start: '2024-03-01', end: '2024-03-10' }, '03/01/2024 - 03/10/2024'],
    ['ending in the future', { start: '2024-03-15', end: '2024-03-16' }, '03/15/2024 - 03/16/2024'],
    ['reversed', { start: '2024-03-20', end: '2024-03-15' }, '03/20/2024 - 03/15/2024'],
  ])('%s -> %s', (_label, range, expected) => {
    expect(daysAgoLabel(range, NOW)).toBe(expected);
  });

  it('uses the calendar day of a now with a time of day', () => {
    expect(daysAgoLabel(daysAgoRange(1, NOW), new Date(2024, 2, 15, 23, 59))).toBe('Last 1 Day');
  });
});

describe('presets', () => {
  it.each<[string, (now: string) => DateRange, string, DateRange]>([
    ['shared default', defaultSharedFilterRange, NOW, { start: '2024-01-01', end: '2024-03-15' }],
    ['print default', defaultPrintRecordsRange, NOW, { start: '2023-03-16', end: '2024-03-15' }],
  ])('%s on %s', (_label, range, now, expected) => {
    expect(range(now)).toEqual(expected);
  });

  it.each<[string, string, DateRange]>([
    ['Last Month', NOW, { start: '2024-02-01', end: '2024-02-29' }],
    ['Last Month', '2024-01-10', { start: '2023-12-01', end: '2023-12-31' }],
    ['Month to Date', NOW, { start: '2024-03-01', end: '2024-03-15' }],
    ['Last Year', NOW, { start: '2023-01-01', end: '2023-12-31' }],
    ['Year to date', NOW, { start: '2024-01-01', end: '2024-03-15' }],
  ])('shared %s on %s', (label, now, expected) => {
    const preset = SHARED_FILTER_PRESETS.find((p) => p.label === label);
    expect(preset?.range(now)).toEqual(expected);
  });

  it.each<[string, string, DateRange]>([
    ['Last 365 Days', NOW, { start: '2023-03-16', end: '2024-03-15' }],
    ['Previous Year', NOW, { start: '2023-01-01', end: '2023-12-31' }],
    ['Year to date', '2024-01-01', { start: '2024-01-01', end: '2024-01-01' }],
  ])('print %s on %s', (label, now, expected) => {
    const preset = PRINT_RECORDS_PRESETS.find((p) => p.label === label);
    expect(preset?.range(now)).toEqual(expected);
  });

  it.each([
    ['shared', SHARED_FILTER_PRESETS, ['Last Month', 'Month to Date', 'Last Year', 'Year to date']],
    ['print', PRINT_RECORDS_PRESETS, ['Last 365 Days', 'Previous Year', 'Year to date']],
  ])('%s presets are offered in order', (_label, presets, labels) => {
    expect(presets.map((p) => p.label)).toEqual(labels);
  });
});
