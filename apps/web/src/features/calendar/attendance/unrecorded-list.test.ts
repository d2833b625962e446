import { describe, expect, it } from 'vitest';

import type { UnrecordedAppointment } from './api';
import { whenLabel, whoLabel } from './unrecorded-list';

const row = (over: Partial<UnrecordedAppointment> = {}): UnrecordedAppointment => ({
  calendarEventId: 1,
  start: '2031-06-17T18:00:00.000Z',
  end: '2031-06-17T18:45:00.000Z',
  therapistId: 2,
  therapistName: 'Theresa Quinn',
  clientId: 3,
  clientName: 'Margaret Hamilton',
  isGroup: false,
  unrecordedCount: 1,
  attendeeCount: 1,
  isTelehealth: false,
  serviceCode: null,
  ...over,
});

describe('a session to record, as a line', () => {
  it.each<[string, Partial<UnrecordedAppointment>, string]>([
    ['a client', {}, 'Margaret Hamilton'],
    [
      'a group, with how many members are still to record',
      { clientName: 'Tuesday Group', isGroup: true, unrecordedCount: 4, attendeeCount: 6 },
      'Tuesday Group · 4 of 6 not recorded',
    ],
  ])('names %s', (_what, over, expected) => {
    expect(whoLabel(row(over))).toBe(expected);
  });

  it.each<[string, Partial<UnrecordedAppointment>, boolean, string]>([
    ['on the practice clock', {}, false, '06/17/2031, 2:00 PM – 2:45 PM'],
    [
      'with the therapist when every therapist is listed, telehealth and the service',
      { isTelehealth: true, serviceCode: '90834' },
      true,
      '06/17/2031, 2:00 PM – 2:45 PM · Theresa Quinn · Telehealth · 90834',
    ],
  ])('says when %s', (_what, over, showTherapist, expected) => {
    expect(whenLabel(row(over), 'America/New_York', showTherapist)).toBe(expected);
  });
});
