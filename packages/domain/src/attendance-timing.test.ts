import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_TIMING_MESSAGES,
  attendanceDueSince,
  attendanceTiming,
  checkInOpensText,
  sessionPhase,
  type AttendanceTiming,
} from './attendance-timing.ts';

const START = '2031-03-14T18:00:00.000Z'; // 2:00 PM in New York
const END = '2031-03-14T19:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(START) + n * 60_000);

describe('attendanceTiming: check-in from 15 minutes before, attendance from the start', () => {
  it.each<[string, Date, AttendanceTiming]>([
    [
      'a day before',
      minutes(-24 * 60),
      { phase: 'upcoming', canCheckIn: false, canRecordAttendance: false },
    ],
    [
      '16 minutes before',
      minutes(-16),
      { phase: 'upcoming', canCheckIn: false, canRecordAttendance: false },
    ],
    [
      '15 minutes and 1 ms before',
      new Date(minutes(-15).getTime() - 1),
      { phase: 'upcoming', canCheckIn: false, canRecordAttendance: false },
    ],
    [
      '15 minutes before',
      minutes(-15),
      { phase: 'check_in_open', canCheckIn: true, canRecordAttendance: false },
    ],
    [
      '1 ms before the start',
      new Date(minutes(0).getTime() - 1),
      { phase: 'check_in_open', canCheckIn: true, canRecordAttendance: false },
    ],
    [
      'at the start',
      minutes(0),
      { phase: 'in_progress', canCheckIn: true, canRecordAttendance: true },
    ],
    [
      'during the session',
      minutes(30),
      { phase: 'in_progress', canCheckIn: true, canRecordAttendance: true },
    ],
    ['at the end', minutes(60), { phase: 'ended', canCheckIn: true, canRecordAttendance: true }],
    [
      'weeks after the end',
      minutes(60 * 24 * 21),
      { phase: 'ended', canCheckIn: true, canRecordAttendance: true },
    ],
  ])('%s', (_label, now, expected) => {
    expect(attendanceTiming(START, END, now)).toEqual(expected);
    expect(attendanceTiming(new Date(START), new Date(END), now)).toEqual(expected);
    expect(sessionPhase(START, END, now)).toBe(expected.phase);
  });
});

describe('the texts', () => {
  it('says why attendance and check-in wait, in the practice tone', () => {
    expect(ATTENDANCE_TIMING_MESSAGES).toEqual({
      notStarted: 'Attendance can be recorded once the session has started.',
      checkInNotOpen: 'Clients can be checked in from 15 minutes before the session starts.',
    });
  });

  it('says when check-in opens on the practice clock', () => {
    expect(checkInOpensText(START, 'America/New_York')).toBe(
      'Check-in opens at 1:45 PM on 03/14/2031.',
    );
    expect(checkInOpensText(START, 'America/Los_Angeles')).toBe(
      'Check-in opens at 10:45 AM on 03/14/2031.',
    );
  });
});

describe('attendanceDueSince: 30 practice days back', () => {
  it.each([
    // 03:00 UTC on 1 April is still 31 March in New York.
    ['2031-04-01T03:00:00.000Z', 'America/New_York', '2031-03-01'],
    ['2031-04-01T03:00:00.000Z', 'Europe/Berlin', '2031-03-02'],
    ['2031-01-15T12:00:00.000Z', 'America/New_York', '2030-12-16'],
  ])('at %s in %s → %s', (now, zone, day) => {
    expect(attendanceDueSince(new Date(now), zone)).toBe(day);
  });
});
