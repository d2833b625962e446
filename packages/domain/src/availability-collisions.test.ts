import { describe, expect, it } from 'vitest';
import {
  bookedTimesLeftOutside,
  collisionRefusal,
  hoursOnDate,
  withinHours,
  type TherapistHours,
} from './availability-collisions.ts';

const NY = 'America/New_York';
/** Tuesday February 3, 2032 (winter, UTC−5) and Tuesday June 1, 2032 (summer, UTC−4). */
const TUE = '2032-02-03';
const SUMMER_TUE = '2032-06-01';

/** An appointment on New York's clocks ('HH:MM' for `minutes`). */
function at(day: string, time: string, minutes = 60, offsetHours = 5) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const start = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8)),
    h + offsetHours,
    m,
  );
  return {
    id: `${day} ${time}`,
    start: new Date(start).toISOString(),
    end: new Date(start + minutes * 60_000).toISOString(),
  };
}

const TUESDAYS_9_TO_5: TherapistHours = {
  spans: [
    {
      span_from: null,
      span_to: null,
      days: [{ dayOfWeek: 2, startTime: '09:00', endTime: '17:00' }],
    },
  ],
  exceptions: [],
};

const withDays = (days: TherapistHours['spans'][number]['days']): TherapistHours => ({
  spans: [{ span_from: null, span_to: null, days }],
  exceptions: [],
});

describe('hoursOnDate', () => {
  it.each([
    ['a Tuesday', TUESDAYS_9_TO_5, TUE, [[540, 1020]]],
    ['a Wednesday', TUESDAYS_9_TO_5, '2032-02-04', []],
    [
      'a day off',
      {
        ...TUESDAYS_9_TO_5,
        exceptions: [{ date: TUE, kind: 'off', startTime: null, endTime: null }],
      },
      TUE,
      [],
    ],
    [
      'a day off with extra hours (only those)',
      {
        ...TUESDAYS_9_TO_5,
        exceptions: [
          { date: TUE, kind: 'off', startTime: null, endTime: null },
          { date: TUE, kind: 'extra', startTime: '18:00', endTime: '19:00' },
        ],
      },
      TUE,
      [[1080, 1140]],
    ],
    [
      'outside the span',
      { spans: [{ ...TUESDAYS_9_TO_5.spans[0]!, span_to: '2032-01-31' }], exceptions: [] },
      TUE,
      [],
    ],
  ] as const)('%s', (_name, hours, date, expected) => {
    expect(hoursOnDate(hours as TherapistHours, date)).toEqual(expected);
  });
});

describe('withinHours', () => {
  it.each([
    [at(TUE, '09:00'), true],
    [at(TUE, '16:00'), true],
    [at(TUE, '16:30'), false],
    [at(TUE, '08:30'), false],
    // Summer time: 10:00 in New York is 14:00 UTC, still inside 9–5.
    [at(SUMMER_TUE, '10:00', 60, 4), true],
    [at(SUMMER_TUE, '16:30', 60, 4), false],
  ])('%o inside Tuesdays 9–5: %s', (booked, inside) => {
    expect(withinHours(booked, TUESDAYS_9_TO_5, NY)).toBe(inside);
  });
});

describe('bookedTimesLeftOutside', () => {
  const booked = [at(TUE, '15:00'), at(TUE, '10:00'), at(TUE, '07:00'), at('2032-02-04', '10:00')];

  it.each([
    [
      'shortened to 9–12',
      withDays([{ dayOfWeek: 2, startTime: '09:00', endTime: '12:00' }]),
      [`${TUE} 15:00`],
    ],
    [
      'moved to Wednesday',
      withDays([{ dayOfWeek: 3, startTime: '09:00', endTime: '17:00' }]),
      [`${TUE} 10:00`, `${TUE} 15:00`],
    ],
    ['removed', withDays([]), [`${TUE} 10:00`, `${TUE} 15:00`]],
    ['lengthened to 8–6', withDays([{ dayOfWeek: 2, startTime: '08:00', endTime: '18:00' }]), []],
    [
      'split in two blocks that still hold both',
      withDays([
        { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 2, startTime: '14:00', endTime: '17:00' },
      ]),
      [],
    ],
  ])('hours %s: lists %o (never the 7 AM one placed by hand)', (_name, after, ids) => {
    expect(bookedTimesLeftOutside(booked, after, NY, TUESDAYS_9_TO_5).map((b) => b.id)).toEqual(
      ids,
    );
  });

  it('a day off lists every appointment of that day outside the extra hours kept', () => {
    const after: TherapistHours = {
      ...TUESDAYS_9_TO_5,
      exceptions: [
        { date: TUE, kind: 'off', startTime: null, endTime: null },
        { date: TUE, kind: 'extra', startTime: '15:00', endTime: '16:00' },
      ],
    };
    const onTheDay = booked.filter((b) => b.id.startsWith(TUE));
    expect(bookedTimesLeftOutside(onTheDay, after, NY, null).map((b) => b.id)).toEqual([
      `${TUE} 07:00`,
      `${TUE} 10:00`,
    ]);
  });
});

describe('collisionRefusal', () => {
  it('names one appointment by its time and zone, never a client', () => {
    expect(collisionRefusal([at(TUE, '10:00').start], NY)).toBe(
      "This change leaves 1 booked appointment outside the therapist's hours: Tue 02/03/2032 10:00 AM Eastern. Reschedule it, or confirm to save anyway.",
    );
  });

  it('names the first five and counts the rest', () => {
    const starts = Array.from({ length: 7 }, (_, i) => at(TUE, `${9 + i}:00`).start);
    const text = collisionRefusal(starts, NY);
    expect(text).toContain('7 booked appointments');
    expect(text).toContain('Tue 02/03/2032 1:00 PM Eastern and 2 more. Reschedule them');
  });
});
