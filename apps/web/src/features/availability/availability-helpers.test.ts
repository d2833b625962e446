import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-client';
import type { Day, EditorContext, PracticeLocation } from './api/types';
import { daysByWeekday } from './days-by-weekday';
import { failureText, isAccessDenied, refusedField } from './feedback';
import { newHoursValues, savedHoursValues, toHours } from './hours-form';
import { hoursDetails, hoursTitle } from './hours-summary';
import { requestedTherapist, therapistToEdit } from './therapist-choice';

const context = (over: Partial<EditorContext> = {}): EditorContext => ({
  therapists: [
    { id: 4, firstName: 'A', lastName: 'Able', active: true },
    { id: 9, firstName: 'B', lastName: 'Baker', active: true },
  ],
  reach: 'practice',
  currentTherapistId: null,
  timezone: 'America/New_York',
  today: '2031-03-03',
  ...over,
});

describe('whose availability the page edits', () => {
  it.each<[string, Partial<EditorContext>, number | null, number | null]>([
    ['the one asked for', {}, 9, 9],
    ['a manager who is also a therapist: themselves', { currentTherapistId: 9 }, null, 9],
    ['a manager who is not: the first listed', {}, null, 4],
    ['nobody to edit', { therapists: [] }, null, null],
    [
      'a therapist asking for a colleague: the request (the server refuses)',
      { reach: 'own', currentTherapistId: 4 },
      9,
      9,
    ],
  ])('%s', (_label, over, requested, expected) => {
    expect(therapistToEdit(context(over), requested)).toBe(expected);
  });

  it.each<[string | null, number | null]>([
    ['12', 12],
    [null, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999', null],
  ])('reads ?therapistId=%j as %s', (value, expected) => {
    expect(requestedTherapist(value)).toBe(expected);
  });
});

const day = (over: Partial<Day>): Day => ({
  day_id: 1,
  dayOfWeek: 1,
  practiceLocationId: 3,
  startTime: '09:00',
  endTime: '17:00',
  onlineScheduling: true,
  scheduleEvery: 60,
  inPersonEnabled: true,
  teletherapyEnabled: false,
  availabilitySpanId: 1,
  ...over,
});

describe('daysByWeekday', () => {
  it('groups Sunday to Saturday, each by start time', () => {
    const groups = daysByWeekday([
      day({ day_id: 1, dayOfWeek: 6, startTime: '13:00' }),
      day({ day_id: 2, dayOfWeek: 6, startTime: '08:00' }),
      day({ day_id: 3, dayOfWeek: 0 }),
    ]);
    expect(groups.map((g) => g.name)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(groups[0]?.days.map((d) => d.day_id)).toEqual([3]);
    expect(groups[6]?.days.map((d) => d.day_id)).toEqual([2, 1]);
    expect(groups[1]?.days).toEqual([]);
  });
});

describe('hours form', () => {
  it('starts new hours at 9 to 5 at the default location', () => {
    expect(newHoursValues(3)).toMatchObject({ practiceLocationId: '3', startTime: '09:00' });
    expect(newHoursValues(null).practiceLocationId).toBe('');
  });

  it('turns telehealth off when the therapist cannot offer it', () => {
    expect(savedHoursValues(day({ teletherapyEnabled: true }), false).teletherapyEnabled).toBe(
      false,
    );
    expect(savedHoursValues(day({ teletherapyEnabled: true }), true).teletherapyEnabled).toBe(true);
  });

  it('sends numbers, and no location as null', () => {
    expect(toHours({ ...newHoursValues(null), scheduleEvery: ' 45 ' })).toMatchObject({
      practiceLocationId: null,
      scheduleEvery: 45,
    });
    expect(Number.isNaN(toHours({ ...newHoursValues(3), scheduleEvery: '' }).scheduleEvery)).toBe(
      true,
    );
  });

  it('summarises a block', () => {
    const locations: PracticeLocation[] = [
      {
        practiceLocationId: 3,
        name: 'Main Office',
        color: '#000',
        addressLine1: null,
        city: null,
        state: null,
        zipcode: null,
        isDefault: true,
        active: true,
      },
    ];
    expect(hoursTitle(day({}))).toBe('9:00 AM–5:00 PM');
    expect(hoursDetails(day({ teletherapyEnabled: true }), locations)).toBe(
      'Main Office · In person and telehealth · Every 60 minutes · Online scheduling',
    );
    expect(
      hoursDetails(
        day({
          practiceLocationId: null,
          inPersonEnabled: false,
          teletherapyEnabled: true,
          onlineScheduling: false,
        }),
        locations,
      ),
    ).toBe('No location · Telehealth · Every 60 minutes · No online scheduling');
  });
});

describe('failure texts', () => {
  const base = 'Failed to add day info to availability.';
  it.each<[string, unknown, string]>([
    [
      'a refused value adds the reason',
      new ApiError(400, 'Choose a day of the week.'),
      `${base} Choose a day of the week.`,
    ],
    [
      'a clash adds the reason',
      new ApiError(409, 'This time overlaps Monday 9:00 AM–5:00 PM.'),
      `${base} This time overlaps Monday 9:00 AM–5:00 PM.`,
    ],
    ['a server failure does not', new ApiError(500, 'Something went wrong'), base],
    ['no answer does not', new ApiError(0, 'offline'), base],
    ['anything else does not', new Error('x'), base],
  ])('%s', (_label, error, expected) => {
    expect(failureText(base, error)).toBe(expected);
  });

  it('recognises access denied and refused fields', () => {
    expect(isAccessDenied(new ApiError(403, 'no'))).toBe(true);
    expect(isAccessDenied(new ApiError(404, 'no'))).toBe(false);
    expect(
      refusedField(new ApiError(400, 'no', { status: 'error', message: 'no', field: 'endTime' })),
    ).toBe('endTime');
    expect(
      refusedField(new ApiError(409, 'no', { status: 'error', message: 'no', field: 'endTime' })),
    ).toBeUndefined();
  });
});
