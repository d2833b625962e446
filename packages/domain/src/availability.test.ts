import { describe, expect, it } from 'vitest';
import type { WeekdayCode } from './constants.ts';
import {
  AVAILABILITY_MESSAGES,
  WEEKDAY_NAMES,
  clockText,
  currentSpan,
  dayOverlapMessage,
  formatClock,
  formatClockRange,
  overlapWithinDays,
  overlappingDay,
  parseClock,
  remainingRanges,
  spanContains,
  validateAvailabilityDay,
  weekdayCode,
  weekdayNumber,
  type AvailabilityDayInput,
  type AvailabilitySpan,
} from './availability.ts';
import {
  OPEN_ENDED_SPAN,
  exceptionConflict,
  overlappingSpan,
  replacementSpan,
  sortSpans,
  spanLabel,
  spanOverlapMessage,
  spanToShow,
  spansOverlap,
  validateException,
  validateSpanDates,
  type AvailabilityExceptionInput,
} from './availability-spans.ts';

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

const hours = (over: Partial<AvailabilityDayInput> = {}): AvailabilityDayInput => ({
  dayOfWeek: 1,
  practiceLocationId: 7,
  startTime: '09:00',
  endTime: '17:00',
  onlineScheduling: true,
  scheduleEvery: 60,
  inPersonEnabled: true,
  teletherapyEnabled: false,
  ...over,
});

describe('clock times', () => {
  it.each<[string, number | null]>([
    ['09:00', 540],
    ['9:30', 570],
    ['17:45:00', 1065],
    ['00:00', 0],
    ['23:59', 1439],
    ['24:00', null],
    ['12:60', null],
    ['9am', null],
    ['09:00:30', null],
    ['', null],
  ])('parseClock(%j) -> %s', (text, expected) => {
    expect(parseClock(text)).toBe(expected);
  });

  it.each([
    ['09:00', '9:00 AM'],
    ['00:15', '12:15 AM'],
    ['12:00', '12:00 PM'],
    ['17:30:00', '5:30 PM'],
  ])('formatClock(%s) -> %s', (text, expected) => {
    expect(formatClock(text)).toBe(expected);
  });

  it('writes minutes back as HH:MM', () => {
    expect(clockText(545)).toBe('09:05');
    expect(formatClockRange('09:00', '17:00')).toBe('9:00 AM–5:00 PM');
  });
});

describe('validateAvailabilityDay', () => {
  const ok = { telehealthAllowed: true };
  it.each<[string, Partial<AvailabilityDayInput>, { telehealthAllowed: boolean }, string[]]>([
    ['a valid day', {}, ok, []],
    [
      'a telehealth-only day without a location',
      { inPersonEnabled: false, teletherapyEnabled: true, practiceLocationId: null },
      ok,
      [],
    ],
    ['weekday 7', { dayOfWeek: 7 }, ok, ['dayOfWeek']],
    ['weekday -1', { dayOfWeek: -1 }, ok, ['dayOfWeek']],
    ['an unreadable start', { startTime: 'nine' }, ok, ['startTime']],
    ['an unreadable end', { endTime: '25:00' }, ok, ['endTime']],
    ['end before start', { startTime: '17:00', endTime: '09:00' }, ok, ['endTime']],
    ['end equal to start', { startTime: '09:00', endTime: '09:00' }, ok, ['endTime']],
    ['scheduleEvery 0', { scheduleEvery: 0 }, ok, ['scheduleEvery']],
    ['scheduleEvery negative', { scheduleEvery: -15 }, ok, ['scheduleEvery']],
    ['scheduleEvery fractional', { scheduleEvery: 7.5 }, ok, ['scheduleEvery']],
    ['scheduleEvery over a day', { scheduleEvery: 1441 }, ok, ['scheduleEvery']],
    [
      'neither in person nor telehealth',
      { inPersonEnabled: false, teletherapyEnabled: false },
      ok,
      ['inPersonEnabled'],
    ],
    [
      'telehealth for a therapist without it',
      { teletherapyEnabled: true },
      { telehealthAllowed: false },
      ['teletherapyEnabled'],
    ],
    ['in person without a location', { practiceLocationId: null }, ok, ['practiceLocationId']],
  ])('%s', (_label, over, options, fields) => {
    expect(validateAvailabilityDay(hours(over), options).map((i) => i.field)).toEqual(fields);
  });

  it('uses the spec texts for numbers', () => {
    const [issue] = validateAvailabilityDay(hours({ scheduleEvery: 0 }), ok);
    expect(issue?.message).toBe('Must be greater than 0');
  });
});

describe('overlapping days', () => {
  const existing = [
    { ...hours({ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }), day_id: 1 },
    { ...hours({ dayOfWeek: 1, startTime: '13:00', endTime: '17:00' }), day_id: 2 },
    { ...hours({ dayOfWeek: 2, startTime: '09:00', endTime: '17:00' }), day_id: 3 },
  ];

  it.each<[string, Partial<AvailabilityDayInput>, number | undefined, number | null]>([
    ['inside another block', { startTime: '10:00', endTime: '11:00' }, undefined, 1],
    ['touching both blocks', { startTime: '12:00', endTime: '13:00' }, undefined, null],
    ['across the lunch gap', { startTime: '11:30', endTime: '13:30' }, undefined, 1],
    ['another weekday', { dayOfWeek: 3 }, undefined, null],
    ['the day being changed itself', { startTime: '08:00', endTime: '12:30' }, 1, null],
    ['the changed day meeting its neighbour', { startTime: '08:00', endTime: '13:30' }, 1, 2],
  ])('%s', (_label, over, ignore, expected) => {
    expect(overlappingDay(existing, hours(over), ignore)?.day_id ?? null).toBe(expected);
  });

  it('names the day it overlaps', () => {
    expect(dayOverlapMessage(hours())).toBe('This time overlaps Monday 9:00 AM–5:00 PM.');
  });

  it('finds overlaps inside a list of new days', () => {
    expect(overlapWithinDays([hours(), hours({ dayOfWeek: 2 })])).toBeNull();
    expect(
      overlapWithinDays([
        hours(),
        hours({ dayOfWeek: 2 }),
        hours({ startTime: '16:00', endTime: '18:00' }),
      ]),
    ).toEqual({ field: 'days.2.startTime', message: 'This time overlaps Monday 9:00 AM–5:00 PM.' });
  });
});

describe('span dates', () => {
  it.each<[string, string | null, string | null, string[]]>([
    ['open both', null, null, []],
    ['from only', '2025-06-01', null, []],
    ['one day', '2025-06-01', '2025-06-01', []],
    ['reversed', '2025-06-02', '2025-06-01', ['span_to']],
    ['not a date', '2025-02-30', null, ['span_from']],
    ['US format', '06/01/2025', null, ['span_from']],
  ])('%s', (_label, from, to, fields) => {
    expect(validateSpanDates({ span_from: from, span_to: to }).map((i) => i.field)).toEqual(fields);
  });

  it('says which date the end must follow', () => {
    expect(validateSpanDates({ span_from: '2025-06-02', span_to: '2025-06-01' })[0]?.message).toBe(
      'Please enter a date on or after 06/02/2025.',
    );
  });

  it.each<[string, AvailabilitySpan, AvailabilitySpan, boolean]>([
    ['disjoint', span(1, '2025-01-01', '2025-01-31'), span(2, '2025-02-01', null), false],
    [
      'sharing the last day',
      span(1, '2025-01-01', '2025-02-01'),
      span(2, '2025-02-01', null),
      true,
    ],
    [
      'open end reaches a later span',
      span(1, '2025-01-01', null),
      span(2, '2026-01-01', '2026-02-01'),
      true,
    ],
    [
      'open start reaches an earlier span',
      span(1, null, '2025-01-01'),
      span(2, '2020-01-01', '2020-02-01'),
      true,
    ],
    ['open both reaches all', span(1, null, null), span(2, '2030-01-01', '2030-01-01'), true],
    ['open start ended before', span(1, null, '2024-12-31'), span(2, '2025-01-01', null), false],
  ])('spansOverlap: %s', (_label, a, b, expected) => {
    expect(spansOverlap(a, b)).toBe(expected);
    expect(spansOverlap(b, a)).toBe(expected);
  });

  it('finds the overlapping span other than the one being changed', () => {
    const spans = [span(1, null, '2024-12-31'), span(2, '2025-01-01', null)];
    expect(overlappingSpan(spans, { span_from: '2024-06-01', span_to: null })?.span_id).toBe(1);
    expect(overlappingSpan(spans, { span_from: '2025-03-01', span_to: null }, 2)).toBeNull();
    expect(spanOverlapMessage(spans[1]!)).toBe(
      "These dates overlap another availability span (01/01/2025 – No end date). Change that span's dates first.",
    );
    expect(spanLabel({ span_from: null, span_to: null })).toBe('No start date – No end date');
  });
});

describe('which span the editor shows', () => {
  const past = span(1, '2023-01-01', '2023-12-31');
  const present = span(2, '2024-01-01', '2024-12-31');
  const future = span(3, '2025-01-01', null);
  const later = span(4, '2026-01-01', null);

  it('sorts open starts first, then by start', () => {
    expect(sortSpans([future, span(9, null, '2022-01-01'), past]).map((s) => s.span_id)).toEqual([
      9, 1, 3,
    ]);
  });

  it.each<[string, AvailabilitySpan[], number | null]>([
    ["today's span", [future, present, past], 2],
    ['else the next to start', [later, past, future], 3],
    ['else the last one', [past, span(5, '2023-06-01', '2023-07-01')], 5],
    ['none', [], null],
  ])('spanToShow: %s', (_label, spans, expected) => {
    expect(spanToShow(spans, '2024-06-15')?.span_id ?? null).toBe(expected);
  });

  it.each<[string, AvailabilitySpan[], AvailabilitySpan, number | null]>([
    ['the span in force today', [past, present, later], future, 2],
    ['else the one following the deleted span', [past, later], future, 4],
    ['else the one before it', [past], present, 1],
    [
      'after an open-start span, the first remaining',
      [later, future],
      span(8, null, '2022-12-31'),
      3,
    ],
    ['none left', [], present, null],
  ])('replacementSpan: %s', (_label, remaining, deleted, expected) => {
    expect(replacementSpan(remaining, deleted, '2024-06-15')?.span_id ?? null).toBe(expected);
  });
});

describe('date exceptions', () => {
  const today = '2025-03-10';
  const extra = (over: Partial<AvailabilityExceptionInput> = {}): AvailabilityExceptionInput => ({
    date: '2025-04-05',
    kind: 'extra',
    practiceLocationId: 7,
    startTime: '10:00',
    endTime: '14:00',
    scheduleEvery: 60,
    inPersonEnabled: true,
    teletherapyEnabled: false,
    onlineScheduling: false,
    ...over,
  });

  it.each<[string, AvailabilityExceptionInput, string[]]>([
    ['a day off', { date: '2025-04-05', kind: 'off' }, []],
    ['a day off today', { date: today, kind: 'off' }, []],
    ['a day off in the past', { date: '2025-03-09', kind: 'off' }, ['date']],
    ['a day off on no real date', { date: '2025-02-29', kind: 'off' }, ['date']],
    ['extra hours', extra(), []],
    ['extra hours ending before they start', extra({ endTime: '09:00' }), ['endTime']],
    [
      'extra hours without times',
      extra({ startTime: undefined, endTime: undefined }),
      ['startTime', 'endTime'],
    ],
    ['extra hours with neither mode', extra({ inPersonEnabled: false }), ['inPersonEnabled']],
  ])('%s', (_label, input, fields) => {
    expect(
      validateException(input, { today, telehealthAllowed: true }).map((i) => i.field),
    ).toEqual(fields);
  });

  it('says the earliest date allowed', () => {
    expect(
      validateException({ date: '2025-03-01', kind: 'off' }, { today, telehealthAllowed: true }),
    ).toEqual([{ field: 'date', message: 'Please enter a date on or after 03/10/2025.' }]);
  });

  const existing: AvailabilityExceptionInput[] = [
    { date: '2025-04-05', kind: 'off' },
    extra({ startTime: '10:00', endTime: '12:00' }),
  ];
  it.each<[string, AvailabilityExceptionInput, string | null]>([
    [
      'a second day off',
      { date: '2025-04-05', kind: 'off' },
      'That day is already marked as a day off.',
    ],
    ['a day off on another date', { date: '2025-04-06', kind: 'off' }, null],
    [
      'extra hours on a day off ("only these hours")',
      extra({ startTime: '13:00', endTime: '15:00' }),
      null,
    ],
    [
      'overlapping extra hours',
      extra({ startTime: '11:00', endTime: '13:00' }),
      'These hours overlap other extra hours that day (10:00 AM–12:00 PM).',
    ],
    ['touching extra hours', extra({ startTime: '12:00', endTime: '13:00' }), null],
  ])('exceptionConflict: %s', (_label, candidate, expected) => {
    expect(exceptionConflict(existing, candidate)?.message ?? null).toBe(expected);
  });
});

describe('remainingRanges', () => {
  const block = { start: '2025-04-07T13:00:00.000Z', end: '2025-04-07T21:00:00.000Z' };
  const at = (h: number, m = 0) =>
    `2025-04-07T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`;

  it.each<[string, { start: string; end: string }[], [string, string][]]>([
    ['nothing booked', [], [[at(13), at(21)]]],
    [
      'a booking in the middle',
      [{ start: at(15), end: at(16) }],
      [
        [at(13), at(15)],
        [at(16), at(21)],
      ],
    ],
    [
      'bookings at both ends',
      [
        { start: at(12), end: at(14) },
        { start: at(20), end: at(22) },
      ],
      [[at(14), at(20)]],
    ],
    [
      'overlapping bookings',
      [
        { start: at(14), end: at(16) },
        { start: at(15), end: at(17) },
      ],
      [
        [at(13), at(14)],
        [at(17), at(21)],
      ],
    ],
    [
      'unsorted bookings',
      [
        { start: at(18), end: at(19) },
        { start: at(14), end: at(15) },
      ],
      [
        [at(13), at(14)],
        [at(15), at(18)],
        [at(19), at(21)],
      ],
    ],
    ['the whole block booked', [{ start: at(12), end: at(22) }], []],
    ['a booking elsewhere', [{ start: at(8), end: at(9) }], [[at(13), at(21)]]],
  ])('%s', (_label, busy, expected) => {
    expect(remainingRanges(block, busy).map((r) => [r.start, r.end])).toEqual(expected);
  });

  it('drops pieces shorter than the minimum', () => {
    const busy = [{ start: at(13, 10), end: at(21) }];
    expect(remainingRanges(block, busy, 15)).toEqual([]);
    expect(remainingRanges(block, busy, 10)).toEqual([{ start: at(13), end: at(13, 10) }]);
  });
});

describe('messages', () => {
  it('keeps the spec-2 §8 texts', () => {
    expect(Object.values(AVAILABILITY_MESSAGES)).toEqual([
      "We didn't find any practice locations. Please check your practice settings.",
      "We didn't find a default practice location. Please check your practice settings.",
      "We're sorry, there was a problem.",
      'Sorry, there was an error adding this availability.',
      'Sorry, there was an issue finding this availability.',
      'Unable to delete that availability section.',
      "We're sorry, there was a problem saving this availability slot.",
      'Unable to get availability data.',
      'Failed to add day info to availability.',
    ]);
    expect(WEEKDAY_NAMES[0]).toBe('Sunday');
    expect(WEEKDAY_NAMES[6]).toBe('Saturday');
    expect(OPEN_ENDED_SPAN).toEqual({ span_from: null, span_to: null });
  });
});
