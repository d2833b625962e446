import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { RESCHEDULE_FAILED_MESSAGE } from '../use-drag-reschedule';
import {
  appointmentTimeChanges,
  canSaveMove,
  editedSlot,
  editFailure,
  initialWhen,
  moveConflictsRequest,
  movesItem,
  whenProblems,
  type Placed,
  type WhenEdit,
} from './reschedule-logic';

const NY = 'America/New_York';
// Monday 8 March 2032, 10:00-11:00 in New York (EST), on therapist 3's calendar.
const ITEM: Placed = {
  start: '2032-03-08T15:00:00.000Z',
  end: '2032-03-08T16:00:00.000Z',
  allDay: false,
  therapistId: 3,
};
const AS_IS: WhenEdit = {
  therapistId: 3,
  date: '2032-03-08',
  time: '10:00',
  duration: 60,
  allDay: false,
};
const edited = (over: Partial<WhenEdit>): WhenEdit => ({ ...AS_IS, ...over });

describe('initialWhen and editedSlot (the practice clocks, not the browser)', () => {
  it('opens on the item as it is', () => {
    expect(initialWhen(ITEM, NY)).toEqual(AS_IS);
    // An all-day block opens on its day with the default hour's length.
    expect(
      initialWhen(
        {
          ...ITEM,
          start: '2032-03-08T05:00:00.000Z',
          end: '2032-03-09T05:00:00.000Z',
          allDay: true,
        },
        NY,
      ),
    ).toEqual({ ...AS_IS, time: '00:00', allDay: true });
  });

  it.each([
    [edited({}), { start: '2032-03-08T15:00:00.000Z', duration: 60 }],
    // After the clocks change on 14 March 10:00 is 14:00 UTC.
    [
      edited({ date: '2032-03-15', duration: 45 }),
      { start: '2032-03-15T14:00:00.000Z', duration: 45 },
    ],
    [edited({ allDay: true }), { start: '2032-03-08', duration: 1440 }],
    [edited({ date: '' }), null],
    [edited({ date: '2032-02-30' }), null],
    [edited({ time: '' }), null],
  ])('%o → %o', (when, slot) => {
    expect(editedSlot(when, NY)).toEqual(slot);
  });

  it('names what cannot be read', () => {
    expect(whenProblems(edited({ date: '', time: '' }))).toEqual({
      date: 'Enter a date.',
      time: 'Enter a time.',
    });
    expect(whenProblems(edited({ time: '', allDay: true }))).toEqual({ date: null, time: null });
  });
});

describe('movesItem and the conflict count it asks for', () => {
  it.each([
    ['nothing changed', {}, false],
    ['another day', { date: '2032-03-09' }, true],
    ['another time', { time: '10:30' }, true],
    ['another length', { duration: 45 }, true],
    ['another therapist', { therapistId: 4 }, true],
    ['all day', { allDay: true }, true],
  ] as const)('%s: %s', (_name, over, moves) => {
    expect(movesItem(ITEM, edited(over), NY)).toBe(moves);
    const request = moveConflictsRequest(21, ITEM, edited(over), NY);
    expect(request === null).toBe(!moves);
  });

  it("counts at the new place on the new therapist's calendar, leaving the item out", () => {
    expect(
      moveConflictsRequest(21, ITEM, edited({ time: '13:30', therapistId: 4, duration: 45 }), NY),
    ).toEqual({
      therapistId: 4,
      start: '2032-03-08T18:30:00.000Z',
      duration: 45,
      exceptEventId: 21,
    });
  });
});

describe('appointmentTimeChanges (only what changed is sent)', () => {
  it.each([
    ['nothing', {}, {}],
    ['the time', { time: '13:30' }, { start: '2032-03-08T18:30:00.000Z' }],
    ['the length', { duration: 45 }, { duration: 45 }],
    ['the therapist', { therapistId: 4 }, { therapistId: 4 }],
    [
      'all three',
      { date: '2032-03-10', time: '09:00', duration: 90, therapistId: 4 },
      { start: '2032-03-10T14:00:00.000Z', duration: 90, therapistId: 4 },
    ],
  ] as const)('%s', (_name, over, changes) => {
    expect(appointmentTimeChanges(ITEM, edited(over), NY)).toEqual(changes);
  });

  it('gives an all-day appointment a time, and nothing while the time cannot be read', () => {
    const allDay = {
      ...ITEM,
      start: '2032-03-08T05:00:00.000Z',
      end: '2032-03-09T05:00:00.000Z',
      allDay: true,
    };
    expect(appointmentTimeChanges(allDay, edited({ time: '09:00' }), NY)).toEqual({
      start: '2032-03-08T14:00:00.000Z',
      duration: 60,
    });
    expect(appointmentTimeChanges(ITEM, edited({ time: '' }), NY)).toBeNull();
  });
});

describe('canSaveMove (spec-1 §5: conflicts zero or double booking allowed)', () => {
  const base = {
    readable: true,
    moves: true,
    conflictCount: 0,
    allowDoubleBooking: false,
    busy: false,
  };
  it.each([
    ['a free new place', {}, true],
    ['a taken new place', { conflictCount: 2 }, false],
    [
      'a taken new place, double booking allowed',
      { conflictCount: 2, allowDoubleBooking: true },
      true,
    ],
    ['the count still loading', { conflictCount: null }, false],
    ['no move: the count does not matter', { moves: false, conflictCount: null }, true],
    ['an unreadable time', { readable: false }, false],
    ['while saving', { busy: true }, false],
  ] as const)('%s', (_name, over, expected) => {
    expect(canSaveMove({ ...base, ...over })).toBe(expected);
  });
});

describe('editFailure (as the drag says it)', () => {
  const taken =
    'That time is already booked for this therapist. Choose another time or allow double booking.';
  it.each([
    [
      new ApiError(403, 'A cancelled event cannot be moved.'),
      true,
      { variant: 'warning', message: 'A cancelled event cannot be moved.', refusal: null },
    ],
    [new ApiError(409, taken), true, { variant: 'error', message: taken, refusal: taken }],
    [
      new ApiError(400, 'Choose an active therapist of this practice.'),
      true,
      { variant: 'error', message: 'Choose an active therapist of this practice.', refusal: null },
    ],
    [
      new ApiError(500, 'boom'),
      true,
      { variant: 'error', message: RESCHEDULE_FAILED_MESSAGE, refusal: null },
    ],
    [new ApiError(500, 'boom'), false, { variant: 'error', message: 'boom', refusal: null }],
  ])('%s (moves %s)', (error, moves, failure) => {
    expect(editFailure(error, moves)).toEqual(failure);
  });
});
