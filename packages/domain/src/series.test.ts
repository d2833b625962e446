import { describe, expect, it } from 'vitest';
import {
  describeSeriesScope,
  formatSeriesDay,
  formatSeriesWhen,
  occurrencesUntil,
  seriesScopeLabel,
  seriesScopeTargets,
  shiftWallClock,
  type SeriesOccurrence,
  type SeriesScope,
} from './series.ts';

const NY = 'America/New_York';

/** Six Wednesdays at 9:00 in New York, the clocks going forward on 8 March 2026. */
const weeks: SeriesOccurrence[] = [
  {
    calendar_event_id: 1,
    start_date_time: '2026-02-25T14:00:00.000Z',
    cancelled: false,
    attended: true,
  },
  {
    calendar_event_id: 2,
    start_date_time: '2026-03-04T14:00:00.000Z',
    cancelled: true,
    attended: false,
  },
  {
    calendar_event_id: 3,
    start_date_time: '2026-03-11T13:00:00.000Z',
    cancelled: false,
    attended: false,
  },
  // Moved on its own to the Tuesday before occurrence 3.
  {
    calendar_event_id: 4,
    start_date_time: '2026-03-10T13:00:00.000Z',
    cancelled: false,
    attended: false,
  },
  {
    calendar_event_id: 5,
    start_date_time: '2026-03-25T13:00:00.000Z',
    cancelled: true,
    attended: false,
  },
  {
    calendar_event_id: 6,
    start_date_time: '2026-04-01T13:00:00.000Z',
    cancelled: false,
    attended: false,
  },
];

const ids = (list: readonly { calendar_event_id: number }[]) =>
  list.map((o) => o.calendar_event_id);

describe('seriesScopeTargets', () => {
  it.each<[string, number, SeriesScope, number[], [number, string][]]>([
    ['this: only the occurrence', 3, 'this', [3], []],
    ['this on a cancelled occurrence: nothing', 2, 'this', [], [[2, 'cancelled']]],
    ['this on an attended occurrence: nothing', 1, 'this', [], [[1, 'attended']]],
    ['following: from its start on, by time', 3, 'following', [3, 6], [[5, 'cancelled']]],
    ['following includes one moved after it', 4, 'following', [4, 3, 6], [[5, 'cancelled']]],
    ['following from the last', 6, 'following', [6], []],
    [
      'series: every live one, earliest first',
      6,
      'series',
      [4, 3, 6],
      [
        [1, 'attended'],
        [2, 'cancelled'],
        [5, 'cancelled'],
      ],
    ],
    ['an id outside the series covers nothing', 99, 'series', [], []],
  ])('%s', (_name, eventId, scope, targets, skipped) => {
    const plan = seriesScopeTargets(weeks, eventId, scope);
    expect(ids(plan.targets)).toEqual(targets);
    expect(plan.skipped.map((s) => [s.occurrence.calendar_event_id, s.reason])).toEqual(skipped);
  });

  it('ties on the same start keep id order and include the anchor', () => {
    const same = [
      {
        calendar_event_id: 8,
        start_date_time: '2026-05-01T13:00:00.000Z',
        cancelled: false,
        attended: false,
      },
      {
        calendar_event_id: 7,
        start_date_time: '2026-05-01T13:00:00.000Z',
        cancelled: false,
        attended: false,
      },
    ];
    expect(ids(seriesScopeTargets(same, 8, 'following').targets)).toEqual([7, 8]);
  });

  it('keeps the caller rows (extra fields pass through)', () => {
    const rows = weeks.map((w) => ({ ...w, end_date_time: 'x' }));
    expect(seriesScopeTargets(rows, 6, 'this').targets[0]?.end_date_time).toBe('x');
  });
});

describe('seriesScopeLabel', () => {
  it.each<[SeriesScope, number, string]>([
    ['this', 1, 'Only this appointment'],
    ['following', 4, 'This and following (4)'],
    ['series', 12, 'The whole series (12)'],
  ])('%s with %i', (scope, count, label) => {
    expect(seriesScopeLabel(scope, count)).toBe(label);
  });
});

describe('describeSeriesScope', () => {
  const when = (o: SeriesOccurrence) => formatSeriesWhen(o.start_date_time, NY);

  it.each<[string, number, SeriesScope, 'move' | 'cancel' | 'edit', string]>([
    ['one', 3, 'this', 'move', 'This will move 1 appointment: Wed 3/11/2026 9:00 AM.'],
    [
      'following, with a skip',
      3,
      'following',
      'cancel',
      'This will cancel 2 appointments: Wed 3/11/2026 9:00 AM and Wed 4/1/2026 9:00 AM. 1 appointment is left as it is: Wed 3/25/2026 9:00 AM (already cancelled).',
    ],
    [
      'series, with skips of both kinds',
      3,
      'series',
      'edit',
      'This will change 3 appointments: Tue 3/10/2026 9:00 AM, Wed 3/11/2026 9:00 AM and Wed 4/1/2026 9:00 AM. 3 appointments are left as they are: Wed 2/25/2026 9:00 AM (attendance already recorded), Wed 3/4/2026 9:00 AM (already cancelled) and Wed 3/25/2026 9:00 AM (already cancelled).',
    ],
    [
      'nothing to do',
      2,
      'this',
      'move',
      'Nothing will be moved: every appointment in this choice is cancelled or has its attendance recorded. 1 appointment is left as it is: Wed 3/4/2026 9:00 AM (already cancelled).',
    ],
  ])('%s', (_name, eventId, scope, action, text) => {
    expect(describeSeriesScope(seriesScopeTargets(weeks, eventId, scope), action, when)).toBe(text);
  });
});

describe('wall-clock time in the practice zone', () => {
  it.each<[string, string, string, string, string]>([
    // One hour later on a winter day moves a summer occurrence one wall-clock hour too.
    [
      'an hour later across spring forward',
      '2026-04-01T13:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
      '2026-03-04T15:00:00.000Z',
      '2026-04-01T14:00:00.000Z',
    ],
    [
      'a day earlier',
      '2026-04-01T13:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
      '2026-03-03T14:00:00.000Z',
      '2026-03-31T13:00:00.000Z',
    ],
    [
      'back across fall back',
      '2026-11-04T14:00:00.000Z',
      '2026-10-28T13:00:00.000Z',
      '2026-10-28T13:30:00.000Z',
      '2026-11-04T14:30:00.000Z',
    ],
    [
      'no change',
      '2026-11-04T14:00:00.000Z',
      '2026-10-28T13:00:00.000Z',
      '2026-10-28T13:00:00.000Z',
      '2026-11-04T14:00:00.000Z',
    ],
  ])('%s', (_name, iso, from, to, expected) => {
    expect(shiftWallClock(iso, from, to, NY)).toBe(expected);
  });

  it('formats days and times in the zone', () => {
    expect(formatSeriesDay('2026-03-05T03:00:00.000Z', NY)).toBe('Wed 3/4/2026');
    expect(formatSeriesWhen('2026-03-04T23:00:00.000Z', NY)).toBe('Wed 3/4/2026 6:00 PM');
    expect(formatSeriesWhen('2026-03-04T05:05:00.000Z', NY)).toBe('Wed 3/4/2026 12:05 AM');
    expect(formatSeriesWhen('2026-03-04T17:00:00.000Z', NY)).toBe('Wed 3/4/2026 12:00 PM');
  });
});

describe('occurrencesUntil', () => {
  it.each<[string, string, 1 | 2, number]>([
    ['2026-03-04', '2026-03-04', 1, 1],
    ['2026-03-04', '2026-03-25', 1, 4],
    ['2026-03-04', '2026-03-24', 1, 3],
    ['2026-03-04', '2026-03-25', 2, 2],
    ['2026-03-04', '2026-04-01', 2, 3],
    ['2026-03-04', '2026-03-03', 1, 0],
    ['2026-01-07', '2026-12-30', 1, 52],
    ['2026-01-07', '2027-01-06', 1, 53],
  ])('%s until %s every %i week(s): %i', (first, until, interval, count) => {
    expect(occurrencesUntil(first, until, interval)).toBe(count);
  });
});
