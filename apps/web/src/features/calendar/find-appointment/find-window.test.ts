import { addIsoDays } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import type { FoundSlot } from './api';
import {
  bookAsTelehealth,
  canGoBack,
  dayLabel,
  practiceToday,
  previousWindowStart,
  seedForSlot,
  slotDescription,
  windowFrom,
  windowLabel,
} from './find-window';

const slot = (over: Partial<FoundSlot> = {}): FoundSlot => ({
  start: '2026-12-14T14:00:00.000Z',
  end: '2026-12-14T15:00:00.000Z',
  locationId: 7,
  locationName: 'Main Office',
  inPerson: true,
  telehealth: true,
  ...over,
});

describe('the 7-day window', () => {
  it.each([
    ['2026-11-21', 7, '2026-11-28'],
    ['2026-11-28', -7, '2026-11-21'],
    // Calendar days: the clock change on 1 November does not shift the day.
    ['2026-10-29', 7, '2026-11-05'],
    ['2026-03-05', 7, '2026-03-12'],
    ['2028-02-26', 7, '2028-03-04'],
    ['2026-12-29', 7, '2027-01-05'],
  ])('%s plus %d days is %s', (day, days, want) => {
    expect(addIsoDays(day, days)).toBe(want);
  });

  it('runs from its first day to the day after its seventh (end exclusive)', () => {
    expect(windowFrom('2026-11-21')).toEqual({ start: '2026-11-21', end: '2026-11-28' });
  });

  it.each([
    ['2026-11-21', '2026-11-21', false],
    ['2026-11-28', '2026-11-21', true],
    ['2026-11-22', '2026-11-21', true],
  ])('window from %s with today %s: previous allowed %s', (start, today, allowed) => {
    expect(canGoBack(start, today)).toBe(allowed);
  });

  it.each([
    ['2026-11-28', '2026-11-21', '2026-11-21'],
    ['2026-12-05', '2026-11-21', '2026-11-28'],
    // Never before today, even when the window started mid-week.
    ['2026-11-24', '2026-11-21', '2026-11-21'],
  ])('previous from %s (today %s) starts %s', (start, today, want) => {
    expect(previousWindowStart(start, today)).toBe(want);
  });

  it('today is the practice’s, not the browser’s', () => {
    // 03:30 UTC on 22 November is still 21 November in New York.
    expect(practiceToday(new Date('2026-11-22T03:30:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(practiceToday(new Date('2026-11-22T03:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22');
  });

  it('labels days and windows', () => {
    expect(dayLabel('2026-12-14')).toBe('Monday, December 14, 2026');
    expect(windowLabel('2026-11-21')).toBe('Nov 21 – Nov 27, 2026');
    expect(windowLabel('2026-12-29')).toBe('Dec 29 – Jan 4, 2027');
  });
});

describe('booking a found slot', () => {
  it.each([
    ['telehealth', slot(), true],
    ['inPerson', slot(), false],
    ['any', slot(), false],
    ['any', slot({ inPerson: false }), true],
    ['any', slot({ telehealth: false }), false],
  ] as const)('searched %s: telehealth %s → %s', (mode, s, want) => {
    expect(bookAsTelehealth(s, mode)).toBe(want);
  });

  it('seeds an in-person appointment at the slot’s location, for the length looked for', () => {
    expect(seedForSlot(slot(), { therapistId: 4, duration: 45, mode: 'inPerson' })).toEqual({
      requestType: 'Appointment',
      allowTypeSelection: false,
      therapistId: 4,
      start: '2026-12-14T14:00:00.000Z',
      duration: 45,
      telehealth: false,
      locationId: 7,
    });
  });

  it('seeds a telehealth appointment with no location', () => {
    const seed = seedForSlot(slot(), { therapistId: 4, duration: 60, mode: 'telehealth' });
    expect(seed).toMatchObject({ telehealth: true, locationId: null });
  });

  it('leaves the default location to the dialog when the day has none', () => {
    const seed = seedForSlot(slot({ locationId: null, locationName: null }), {
      therapistId: 4,
      duration: 60,
      mode: 'any',
    });
    expect(seed).not.toHaveProperty('locationId');
    expect(seed.telehealth).toBe(false);
  });

  it('describes a slot for screen readers', () => {
    expect(
      slotDescription(slot(), {
        time: '9:00 AM',
        therapistName: 'Samuel Ortiz',
        day: '2026-12-14',
      }),
    ).toBe(
      '9:00 AM with Samuel Ortiz, Monday, December 14, 2026, in person at Main Office or telehealth',
    );
    expect(
      slotDescription(slot({ inPerson: false }), {
        time: '1:00 PM',
        therapistName: 'Samuel Ortiz',
        day: '2026-12-14',
      }),
    ).toBe('1:00 PM with Samuel Ortiz, Monday, December 14, 2026, telehealth');
  });
});
