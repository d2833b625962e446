import { describe, expect, it } from 'vitest';
import {
  appointmentLengthLabel,
  clientAppointmentAttendance,
  CLIENT_ATTENDANCE_LABELS,
} from './client-appointments.ts';

describe('clientAppointmentAttendance', () => {
  it.each<[string, Parameters<typeof clientAppointmentAttendance>, string | null]>([
    ['not recorded yet', [{ attended: null, noShow: false }, false], 'unknown'],
    ['attended', [{ attended: true, noShow: false }, false], 'attended'],
    ['did not attend', [{ attended: false, noShow: false }, false], 'not_attended'],
    ['a no-show is a kind of not attending', [{ attended: false, noShow: true }, false], 'no_show'],
    [
      'a no-show flag without "not attended" is ignored',
      [{ attended: true, noShow: true }, false],
      'attended',
    ],
    ['cancelled: nothing to tell', [{ attended: null, noShow: false }, true], null],
    ["a group's own session: its members attend", [null, false], null],
  ])('%s', (_name, args, expected) => {
    expect(clientAppointmentAttendance(...args)).toBe(expected);
  });

  it('has a label for every state', () => {
    expect(Object.values(CLIENT_ATTENDANCE_LABELS)).toEqual([
      'Attended',
      'Did not attend',
      'No-show',
      'Attendance not recorded',
    ]);
  });
});

describe('appointmentLengthLabel', () => {
  it.each([
    [60, '60 minutes'],
    [45, '45 minutes'],
    [1, '1 minute'],
  ])('%i minutes reads %s', (minutes, label) => {
    expect(appointmentLengthLabel(minutes)).toBe(label);
  });
});
