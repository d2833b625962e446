import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  LOBBY_CANCELLED_TEXT,
  LOBBY_ENDED_TEXT,
  LOBBY_OPEN_TEXT,
  attendanceFlags,
  attendanceResetMessage,
  attendanceSavedMessage,
  attendanceState,
  checkInMessage,
  formatLobbyTime,
  lobbyCountdown,
  recordAttendance,
  resetAttendance,
  telehealthLobbyMessage,
  telehealthLobbyStatus,
  telehealthLobbyWindow,
  telehealthRoomAddress,
  type AttendanceContext,
  type AttendanceInput,
  type StoredAttendance,
} from './attendance.ts';

const unknown: StoredAttendance = { attended: null, noShow: false };
const attended: StoredAttendance = { attended: true, noShow: false };
const notAttended: StoredAttendance = { attended: false, noShow: false };
const noShow: StoredAttendance = { attended: false, noShow: true };
const live: AttendanceContext = { cancelled: false, hasInvoice: false, isCharted: false };

describe('attendanceState and attendanceFlags', () => {
  it.each<[StoredAttendance, string, ReturnType<typeof attendanceFlags>]>([
    [
      unknown,
      'unknown',
      { attended: false, notAttended: false, attendanceUnknown: true, noShow: false },
    ],
    [
      attended,
      'attended',
      { attended: true, notAttended: false, attendanceUnknown: false, noShow: false },
    ],
    [
      notAttended,
      'not_attended',
      { attended: false, notAttended: true, attendanceUnknown: false, noShow: false },
    ],
    [
      noShow,
      'not_attended',
      { attended: false, notAttended: true, attendanceUnknown: false, noShow: true },
    ],
    // A stray no-show flag on an unknown or attended row is not a no-show.
    [
      { attended: null, noShow: true },
      'unknown',
      { attended: false, notAttended: false, attendanceUnknown: true, noShow: false },
    ],
    [
      { attended: true, noShow: true },
      'attended',
      { attended: true, notAttended: false, attendanceUnknown: false, noShow: false },
    ],
  ])('%o is %s', (stored, state, flags) => {
    expect(attendanceState(stored)).toBe(state);
    expect(attendanceFlags(stored)).toEqual(flags);
  });
});

describe('recordAttendance (unknown → attended / not attended)', () => {
  const save = (over: Partial<AttendanceInput> = {}): AttendanceInput => ({
    attended: true,
    noShow: false,
    productId: null,
    ...over,
  });

  it.each<
    [string, StoredAttendance, AttendanceInput, boolean, ReturnType<typeof recordAttendance>]
  >([
    ['unknown → attended', unknown, save(), false, { ok: true, next: attended, productId: 7 }],
    [
      'unknown → attended with a product',
      unknown,
      save({ productId: 12 }),
      false,
      { ok: true, next: attended, productId: 12 },
    ],
    [
      'unknown → not attended',
      unknown,
      save({ attended: false }),
      false,
      { ok: true, next: notAttended, productId: 7 },
    ],
    [
      'unknown → not attended, no-show, product',
      unknown,
      save({ attended: false, noShow: true, productId: 3 }),
      false,
      { ok: true, next: noShow, productId: 3 },
    ],
    [
      'attended and no-show together is refused',
      unknown,
      save({ noShow: true }),
      false,
      { ok: false, message: ATTENDANCE_MESSAGES.noShowNeedsNotAttended },
    ],
    [
      'already attended: reset first',
      attended,
      save({ attended: false }),
      false,
      { ok: false, message: ATTENDANCE_MESSAGES.alreadyRecorded },
    ],
    [
      'already not attended: reset first',
      notAttended,
      save(),
      false,
      { ok: false, message: ATTENDANCE_MESSAGES.alreadyRecorded },
    ],
    [
      'cancelled appointment',
      unknown,
      save(),
      true,
      { ok: false, message: ATTENDANCE_MESSAGES.cancelled },
    ],
  ])('%s', (_name, current, input, cancelled, expected) => {
    expect(recordAttendance(current, input, { cancelled }, 7)).toEqual(expected);
  });
});

describe('resetAttendance (→ unknown)', () => {
  it.each<[string, StoredAttendance, AttendanceContext, ReturnType<typeof resetAttendance>]>([
    ['attended → unknown', attended, live, { ok: true, next: unknown, changed: true }],
    ['no-show → unknown', noShow, live, { ok: true, next: unknown, changed: true }],
    ['unknown stays unknown', unknown, live, { ok: true, next: unknown, changed: false }],
    [
      'invoiced: not removed',
      attended,
      { ...live, hasInvoice: true },
      { ok: false, message: ATTENDANCE_MESSAGES.resetInvoiced },
    ],
    [
      'charted: not removed',
      notAttended,
      { ...live, isCharted: true },
      { ok: false, message: ATTENDANCE_MESSAGES.resetCharted },
    ],
    [
      'cancelled appointment',
      attended,
      { ...live, cancelled: true },
      { ok: false, message: ATTENDANCE_MESSAGES.cancelled },
    ],
  ])('%s', (_name, current, context, expected) => {
    expect(resetAttendance(current, context)).toEqual(expected);
  });

  it('a full round: unknown → not attended (no-show) → reset → attended → reset → unknown', () => {
    let state = unknown;
    const steps: string[] = [];
    const record = (input: AttendanceInput) => {
      const result = recordAttendance(state, input, { cancelled: false });
      if (!result.ok) throw new Error(result.message);
      state = result.next;
      steps.push(attendanceState(state));
    };
    const reset = () => {
      const result = resetAttendance(state, live);
      if (!result.ok) throw new Error(result.message);
      state = result.next;
      steps.push(attendanceState(state));
    };
    record({ attended: false, noShow: true, productId: null });
    reset();
    record({ attended: true, noShow: false, productId: 5 });
    reset();
    expect(steps).toEqual(['not_attended', 'unknown', 'attended', 'unknown']);
    expect(state).toEqual(unknown);
  });
});

describe('messages (spec-1 §8 Attendance)', () => {
  it.each([
    [attendanceSavedMessage('Ana Diaz', true), 'Ana Diaz saved as attended for this appointment'],
    [
      attendanceSavedMessage('Ana Diaz', false),
      'Ana Diaz saved as not attended for this appointment',
    ],
    [attendanceResetMessage('Ana Diaz'), 'Ana Diaz attendance reset for this appointment'],
    [checkInMessage('Ana Diaz', true), 'Ana Diaz has been checked in for their appointment.'],
    [checkInMessage('Ana Diaz', false), 'Ana Diaz is no longer checked in for their appointment.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('telehealth lobby', () => {
  const start = '2031-03-15T19:00:00.000Z';
  const end = '2031-03-15T20:00:00.000Z';

  it('opens 15 minutes before the start and closes 15 minutes after the end', () => {
    expect(telehealthLobbyWindow(start, end)).toEqual({
      opensAt: new Date('2031-03-15T18:45:00.000Z'),
      closesAt: new Date('2031-03-15T20:15:00.000Z'),
    });
  });

  it.each<[string, string]>([
    ['2031-03-15T18:00:00.000Z', 'before'],
    ['2031-03-15T18:44:59.999Z', 'before'],
    ['2031-03-15T18:45:00.000Z', 'open'],
    ['2031-03-15T19:30:00.000Z', 'open'],
    ['2031-03-15T20:14:59.999Z', 'open'],
    ['2031-03-15T20:15:00.000Z', 'ended'],
    ['2031-03-16T09:00:00.000Z', 'ended'],
  ])('at %s the lobby is %s', (now, status) => {
    expect(telehealthLobbyStatus(start, end, new Date(now))).toBe(status);
  });

  it.each<[string, boolean, string]>([
    [
      '2031-03-15T12:00:00.000Z',
      false,
      'The session opens 15 minutes before it starts. It opens at 2:45 PM on 03/15/2031.',
    ],
    ['2031-03-15T18:50:00.000Z', false, LOBBY_OPEN_TEXT],
    ['2031-03-15T21:00:00.000Z', false, LOBBY_ENDED_TEXT],
    ['2031-03-15T18:50:00.000Z', true, LOBBY_CANCELLED_TEXT],
  ])('at %s (cancelled %s) it says %s', (now, cancelled, message) => {
    expect(
      telehealthLobbyMessage(
        { start, end, cancelled, timeZone: 'America/New_York' },
        new Date(now),
      ),
    ).toBe(message);
  });

  it.each([
    ['2031-03-15T18:45:00.000Z', 'America/New_York', '2:45 PM on 03/15/2031'],
    ['2031-03-15T04:05:00.000Z', 'America/New_York', '12:05 AM on 03/15/2031'],
    ['2031-03-15T18:45:00.000Z', 'America/Los_Angeles', '11:45 AM on 03/15/2031'],
  ])('formats %s in %s as %s', (at, zone, text) => {
    expect(formatLobbyTime(new Date(at), zone)).toBe(text);
  });

  it.each<[string | null | undefined, string | null]>([
    [null, null],
    ['', null],
    ['https://video.example.com/room/{id}', 'https://video.example.com/room/42'],
    ['https://video.example.com/r?appt={id}&x={id}', 'https://video.example.com/r?appt=42&x=42'],
    ['https://video.example.com/waiting', 'https://video.example.com/waiting'],
  ])('room address from %s is %s', (template, address) => {
    expect(telehealthRoomAddress(template, 42)).toBe(address);
  });

  it.each([
    ['2031-03-15T18:44:30.000Z', 'Opens in less than a minute'],
    ['2031-03-15T18:40:00.000Z', 'Opens in 5 minutes'],
    ['2031-03-15T18:44:00.000Z', 'Opens in 1 minute'],
    ['2031-03-15T17:40:00.000Z', 'Opens in 1 hour 5 minutes'],
    ['2031-03-15T16:45:00.000Z', 'Opens in 2 hours'],
    ['2031-03-13T15:45:00.000Z', 'Opens in 2 days 3 hours'],
    ['2031-03-14T18:45:00.000Z', 'Opens in 1 day'],
    ['2031-03-15T19:00:00.000Z', 'Opens in less than a minute'],
  ])('at %s the countdown says %s', (now, text) => {
    expect(lobbyCountdown('2031-03-15T18:45:00.000Z', new Date(now))).toBe(text);
  });
});
