import { describe, expect, it } from 'vitest';

import type { BookableSlot } from './api';
import {
  addDays,
  dayLabel,
  modesOf,
  newBookingKey,
  previousWeekStart,
  slotDescription,
  slotsByDay,
  weekFrom,
  weekLabel,
  weekStartFrom,
  whenForVisitor,
  whenLabel,
  zoneNote,
} from './booking-week';

const NY = 'America/New_York';

const slot = (start: string, overrides: Partial<BookableSlot> = {}): BookableSlot => ({
  start,
  end: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
  inPerson: true,
  telehealth: true,
  location: { id: 1, name: 'Main Office' },
  ...overrides,
});

describe('the 7-day window', () => {
  it.each([
    ['2032-02-02', 7, '2032-02-09'],
    ['2032-03-12', 7, '2032-03-19'], // across the spring clock change
    ['2032-12-28', 7, '2033-01-04'],
    ['2032-02-09', -7, '2032-02-02'],
  ])('%s plus %i days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it('runs 7 days from its start', () => {
    expect(weekFrom('2032-02-02')).toEqual({ start: '2032-02-02', end: '2032-02-09' });
  });

  it.each([
    [null, '2032-01-30'],
    ['2032-03-01', '2032-03-01'],
    ['2032-01-01', '2032-01-30'], // before today: today
    ['2032-02-30', '2032-01-30'], // not a day
    ['next week', '2032-01-30'],
  ])('starts at %s as %s (today is 2032-01-30)', (requested, expected) => {
    expect(weekStartFrom(requested, '2032-01-30')).toBe(expected);
  });

  it('goes back a week, never before today', () => {
    expect(previousWeekStart('2032-02-20', '2032-01-30')).toBe('2032-02-13');
    expect(previousWeekStart('2032-02-03', '2032-01-30')).toBe('2032-01-30');
  });

  it('labels days and weeks', () => {
    expect(dayLabel('2032-02-03')).toBe('Tuesday, February 3');
    expect(weekLabel('2032-02-02')).toBe('Feb 2 – Feb 8, 2032');
    expect(weekLabel('2032-12-29')).toBe('Dec 29 – Jan 4, 2033');
  });
});

describe('slots on the practice clocks', () => {
  it('says when a slot is in the practice zone, whatever the browser zone', () => {
    expect(whenLabel('2032-02-03T15:00:00.000Z', NY)).toBe('Tuesday, February 3, 2032 at 10:00 AM');
    // 11 PM in New York is the next day in UTC.
    expect(whenLabel('2032-02-04T04:00:00.000Z', NY)).toBe('Tuesday, February 3, 2032 at 11:00 PM');
  });

  it('groups slots by practice day, in order, leaving out empty days', () => {
    const late = slot('2032-02-04T04:00:00.000Z');
    const morning = slot('2032-02-03T14:00:00.000Z');
    const thursday = slot('2032-02-05T14:00:00.000Z');
    expect(slotsByDay([thursday, late, morning], NY)).toEqual([
      { day: '2032-02-03', slots: [morning, late] },
      { day: '2032-02-05', slots: [thursday] },
    ]);
  });

  it('offers the modes a slot has, in person first', () => {
    expect(modesOf(slot('2032-02-03T14:00:00.000Z'))).toEqual(['inPerson', 'telehealth']);
    expect(modesOf(slot('2032-02-03T14:00:00.000Z', { inPerson: false }))).toEqual(['telehealth']);
  });

  it('describes a slot for screen readers, with the zone and the visitor’s own time', () => {
    expect(slotDescription(slot('2032-02-03T14:00:00.000Z'), NY, NY)).toBe(
      'Tuesday, February 3, 2032 at 9:00 AM Eastern, in person at Main Office or telehealth',
    );
    expect(
      slotDescription(
        slot('2032-02-03T14:00:00.000Z', { telehealth: false, location: null }),
        NY,
        'America/Los_Angeles',
      ),
    ).toBe('Tuesday, February 3, 2032 at 9:00 AM Eastern (6:00 AM your time), in person');
  });
});

describe('times for a visitor (issue 15 item 6)', () => {
  it.each([
    [NY, 'Tuesday, February 3, 2032 at 10:00 AM Eastern'],
    [null, 'Tuesday, February 3, 2032 at 10:00 AM Eastern'],
    ['America/Los_Angeles', 'Tuesday, February 3, 2032 at 10:00 AM Eastern (7:00 AM your time)'],
    ['Europe/London', 'Tuesday, February 3, 2032 at 10:00 AM Eastern (3:00 PM your time)'],
    ['Asia/Tokyo', 'Tuesday, February 3, 2032 at 10:00 AM Eastern (Wed 12:00 AM your time)'],
  ])('seen from %s: %s', (visitor, text) => {
    expect(whenForVisitor('2032-02-03T15:00:00.000Z', NY, visitor)).toBe(text);
  });

  it.each([
    [NY, 'Times are Eastern time.'],
    [
      'America/Los_Angeles',
      "Times are Eastern time, the practice's. Your own time is shown under each.",
    ],
  ])('says whose clocks the times are on, seen from %s', (visitor, text) => {
    expect(zoneNote(NY, visitor, '2032-02-03T15:00:00.000Z')).toBe(text);
  });
});

describe('booking keys', () => {
  it('are 32 hex characters and differ every time', () => {
    const a = newBookingKey();
    const b = newBookingKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
