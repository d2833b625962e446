import { describe, expect, it } from 'vitest';

import type { AppointmentAttendee, GroupAttendeeProducts } from './api';
import { saveAttendanceQuery } from './api';
import {
  attendanceLabel,
  attendanceProductChoices,
  cancelledLine,
  checkedInLabel,
  formatEventWhen,
  lobbyStateAt,
  minutesBetween,
  scopeDescription,
  whereLabel,
} from './details-logic';

const NY = 'America/New_York';

const attendee = (over: Partial<AppointmentAttendee> = {}): AppointmentAttendee => ({
  calendarEventAttendeeId: 1,
  patientId: 10,
  fullName: 'Ana Diaz',
  isPatient: true,
  isGroup: false,
  attended: false,
  notAttended: false,
  attendanceUnknown: true,
  noShow: false,
  accountInvoiceId: null,
  productId: null,
  product: null,
  checkedInTime: null,
  isCharted: false,
  patientChartId: null,
  chart_status: null,
  ...over,
});

describe('formatEventWhen (on the practice clocks)', () => {
  it.each([
    [
      '2031-03-15T18:00:00.000Z',
      '2031-03-15T19:00:00.000Z',
      false,
      '03/15/2031, 2:00 PM – 3:00 PM',
    ],
    [
      '2031-03-16T03:30:00.000Z',
      '2031-03-16T05:00:00.000Z',
      false,
      '03/15/2031, 11:30 PM – 03/16/2031, 1:00 AM',
    ],
    ['2031-03-15T04:00:00.000Z', '2031-03-16T04:00:00.000Z', true, '03/15/2031 (all day)'],
    [
      '2031-03-15T04:00:00.000Z',
      '2031-03-17T04:00:00.000Z',
      true,
      '03/15/2031 – 03/16/2031 (all day)',
    ],
  ])('%s – %s (all day %s) is %s', (start, end, allDay, text) => {
    expect(formatEventWhen(start, end, allDay, NY)).toBe(text);
  });

  it('counts minutes between two instants', () => {
    expect(minutesBetween('2031-03-15T18:00:00.000Z', '2031-03-15T18:45:00.000Z')).toBe(45);
  });
});

describe('cancelledLine', () => {
  it.each([
    [
      {
        cancelledDate: '2031-03-14T15:00:00.000Z',
        cancelledBy: 'Sam Scheduler',
        cancelledReason: 'Weather',
      },
      'Cancelled on 03/14/2031 by Sam Scheduler: Weather',
    ],
    [
      { cancelledDate: '2031-03-14T15:00:00.000Z', cancelledBy: null, cancelledReason: '  ' },
      'Cancelled on 03/14/2031',
    ],
    [
      {
        cancelledDate: '2031-03-15T02:00:00.000Z',
        cancelledBy: 'Sam Scheduler',
        cancelledReason: null,
      },
      'Cancelled on 03/14/2031 by Sam Scheduler',
    ],
  ])('%o says %s', (details, line) => {
    expect(cancelledLine(details, NY)).toBe(line);
  });
});

describe('attendee lines', () => {
  it.each([
    [attendee(), 'Attendance not recorded'],
    [attendee({ attended: true, attendanceUnknown: false }), 'Attended'],
    [attendee({ notAttended: true, attendanceUnknown: false }), 'Not attended'],
    [
      attendee({ notAttended: true, noShow: true, attendanceUnknown: false }),
      'Not attended (no-show)',
    ],
  ])('%o is %s', (row, label) => {
    expect(attendanceLabel(row)).toBe(label);
  });

  it('says when the client checked in, on the practice clock', () => {
    expect(checkedInLabel(null, NY)).toBe('Not checked in');
    expect(checkedInLabel('2031-03-15T17:55:00.000Z', NY)).toBe('Checked in at 1:55 PM');
  });

  it.each([
    [
      { isTeletherapy: true, telehealthPos: '10', locationName: null },
      'Telehealth (place of service 10)',
    ],
    [{ isTeletherapy: true, telehealthPos: null, locationName: null }, 'Telehealth'],
    [{ isTeletherapy: false, telehealthPos: null, locationName: 'Main Office' }, 'Main Office'],
    [{ isTeletherapy: false, telehealthPos: null, locationName: null }, 'No location'],
  ])('where %o is %s', (details, label) => {
    expect(whereLabel(details)).toBe(label);
  });
});

describe('telehealth in the dialog and the lobby', () => {
  const appointment = {
    start: '2031-03-15T18:00:00.000Z',
    end: '2031-03-15T19:00:00.000Z',
    isCancelled: false,
  };

  it.each([
    ['2031-03-15T17:44:00.000Z', 'before'],
    ['2031-03-15T17:45:00.000Z', 'open'],
    ['2031-03-15T19:14:00.000Z', 'open'],
    ['2031-03-15T19:15:00.000Z', 'ended'],
  ])('at %s the lobby is %s', (now, state) => {
    expect(lobbyStateAt(appointment, new Date(now))).toBe(state);
  });

  it('is never open for a cancelled appointment', () => {
    expect(
      lobbyStateAt({ ...appointment, isCancelled: true }, new Date('2031-03-15T18:10:00Z')),
    ).toBe('cancelled');
  });
});

describe('choices', () => {
  it.each([
    ['this', 'this appointment only'],
    ['following', 'this appointment and the following ones of the series'],
    ['series', 'every appointment of the series'],
  ] as const)('scope %s changes %s', (scope, text) => {
    expect(scopeDescription(scope)).toBe(text);
  });

  const group: GroupAttendeeProducts = {
    attended: [
      { productId: 5, name: 'Group psychotherapy', sku: '90853' },
      { productId: 6, name: 'Group, long', sku: '90853-L' },
    ],
    notAttended: [{ productId: 5, name: 'Group psychotherapy', sku: '90853' }],
    groupDefault: [{ productId: 6, name: 'Group, long', sku: '90853-L' }],
  };
  const practiceProducts = [
    { productId: 1, name: 'Psychotherapy, 45 minutes', sku: '90834' },
    { productId: 2, name: 'Psychotherapy, 60 minutes', sku: '90837' },
  ];

  it.each([
    ['a client keeps their product', attendee({ productId: 2 }), null, true, [1, 2], 2],
    ['a client without one chooses', attendee(), null, true, [1, 2], null],
    ['a group member gets the group default', attendee(), group, true, [5, 6], 6],
    [
      'a group member keeps their group product',
      attendee({ productId: 5 }),
      group,
      true,
      [5, 6],
      5,
    ],
    ['not attended: the not-attended list', attendee({ productId: 6 }), group, false, [5], null],
  ])('%s', (_name, row, groupLists, attended, ids, initial) => {
    const result = attendanceProductChoices(row, {
      group: groupLists,
      practiceProducts,
      attended,
    });
    expect(result.choices.map((c) => c.productId)).toEqual(ids);
    expect(result.initial).toBe(initial);
  });
});

describe('saveAttendanceQuery (the legacy call’s query string)', () => {
  it.each([
    [
      { attendeeId: 7, attended: true, noShow: false, productId: 3 },
      {
        calendar_event_attendee_id: 7,
        calendar_event_attendee_attended: 1,
        product_id: 3,
        calendar_event_attendee_noShow: 0,
      },
    ],
    [
      { attendeeId: 7, attended: false, noShow: true, productId: null },
      {
        calendar_event_attendee_id: 7,
        calendar_event_attendee_attended: 0,
        product_id: '',
        calendar_event_attendee_noShow: 1,
      },
    ],
    [
      { attendeeId: 7, attended: true, noShow: true, productId: null },
      {
        calendar_event_attendee_id: 7,
        calendar_event_attendee_attended: 1,
        product_id: '',
        calendar_event_attendee_noShow: 0,
      },
    ],
  ])('%o', (input, query) => {
    expect(saveAttendanceQuery(input)).toEqual(query);
  });
});
