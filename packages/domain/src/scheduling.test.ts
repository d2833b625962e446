import { describe, expect, it } from 'vitest';
import {
  calendarReach,
  capTherapistSelection,
  defaultMeetingEventName,
  isAllowedTelehealthPos,
  isAvailabilityLookupRangeAllowed,
  isSchedulingRequestValid,
  offeredDurations,
  type SchedulingDialogState,
  type SchedulingRequestType,
} from './scheduling.ts';

const appointment: SchedulingDialogState = {
  requestType: 'Appointment',
  clientId: 12,
  product: { duration: 60 },
  conflictCount: 0,
  allowDoubleBooking: false,
  busy: false,
};

describe('isSchedulingRequestValid', () => {
  it.each<[string, Partial<SchedulingDialogState>, boolean]>([
    ['complete appointment', {}, true],
    ['appointment with string client id', { clientId: 'abc' }, true],
    ['appointment without client', { clientId: null }, false],
    ['appointment with empty client id', { clientId: '' }, false],
    ['appointment without product', { product: null }, false],
    ['appointment product without duration', { product: { duration: null } }, false],
    ['appointment product with zero duration', { product: { duration: 0 } }, false],
    [
      'meeting needs no client or product',
      { requestType: 'Meeting', clientId: null, product: null },
      true,
    ],
    [
      'out of office needs no client or product',
      { requestType: 'Out of Office', clientId: undefined, product: undefined },
      true,
    ],
    ['conflict without double booking', { conflictCount: 1 }, false],
    ['conflict with double booking allowed', { conflictCount: 2, allowDoubleBooking: true }, true],
    ['meeting with conflict', { requestType: 'Meeting', conflictCount: 1 }, false],
    ['busy', { busy: true }, false],
    ['busy meeting', { requestType: 'Meeting', busy: true }, false],
  ])('%s -> %s', (_label, change, expected) => {
    expect(isSchedulingRequestValid({ ...appointment, ...change })).toBe(expected);
  });
});

describe('offeredDurations', () => {
  it('offers 15 to 105 minutes in 15-minute steps', () => {
    expect(offeredDurations().map((d) => d.minutes)).toEqual([15, 30, 45, 60, 75, 90, 105]);
  });

  it.each([
    [0, '15 minutes'],
    [3, '60 minutes'],
    [6, '105 minutes'],
  ])('option %d is labelled %s', (index, label) => {
    expect(offeredDurations()[index]?.label).toBe(label);
  });
});

describe('defaultMeetingEventName', () => {
  it.each<[SchedulingRequestType, string]>([
    ['Out of Office', 'Out of Office'],
    ['Meeting', 'Meeting / Busy'],
    ['Appointment', 'Meeting / Busy'],
  ])('%s -> %s', (type, expected) => {
    expect(defaultMeetingEventName(type)).toBe(expected);
  });
});

describe('isAllowedTelehealthPos', () => {
  it.each<[string | null | undefined, boolean]>([
    ['02', true],
    ['10', true],
    ['11', true],
    ['2', false],
    ['12', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (pos, expected) => {
    expect(isAllowedTelehealthPos(pos)).toBe(expected);
  });
});

describe('capTherapistSelection', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it.each<[number, number | undefined, number, boolean]>([
    [0, undefined, 0, false],
    [16, undefined, 16, false],
    [17, undefined, 16, true],
    [40, undefined, 16, true],
    [3, 2, 2, true],
  ])('%d chosen (limit %s) keeps %d, tooMany %s', (count, limit, kept, tooMany) => {
    const result = capTherapistSelection(ids(count), limit);
    expect(result.selection).toEqual(ids(kept));
    expect(result.tooMany).toBe(tooMany);
  });
});

describe('isAvailabilityLookupRangeAllowed', () => {
  it.each<[string | Date, string | Date, boolean]>([
    ['2024-03-03', '2024-03-03', true],
    ['2024-03-03', '2024-03-10', true],
    ['2024-03-03T00:00:00', '2024-03-10T00:00:00', true],
    ['2024-03-03T00:00:00', '2024-03-10T00:00:01', false],
    ['2024-03-03', '2024-03-11', false],
    ['2024-03-10', '2024-03-03', false],
    // Weeks that cross the daylight-saving changes are still 7 days.
    ['2024-03-10T00:00:00', '2024-03-17T00:00:00', true],
    ['2024-11-03T00:00:00', '2024-11-10T00:00:00', true],
    [new Date(2024, 0, 1), new Date(2024, 0, 8), true],
    ['nonsense', '2024-03-03', false],
  ])('%j to %j -> %s', (start, end, expected) => {
    expect(isAvailabilityLookupRangeAllowed(start, end)).toBe(expected);
  });
});

describe('calendarReach', () => {
  it('gives practice-wide roles every calendar, therapists their own, others none', () => {
    expect(calendarReach(['customer.scheduler', 'customer.frontoffice'])).toBe('practice');
    expect(calendarReach(['customer.therapist', 'customer.therapist.financial'])).toBe('own');
    expect(calendarReach(['customer.owner', 'customer.therapist'])).toBe('practice');
    expect(calendarReach(['customer.phisupervisor'])).toBe('none');
  });
});
