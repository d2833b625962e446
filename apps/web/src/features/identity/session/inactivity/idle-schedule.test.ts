import { describe, expect, it } from 'vitest';

import { idleSchedule, type IdleSchedule } from './idle-schedule';

const T = 1_760_000_000_000;
const s = (seconds: number) => seconds * 1000;

describe('idleSchedule', () => {
  it.each<[string, number, number, number, IdleSchedule]>([
    ['a limit of 0 disables it', T, T + s(3600), 0, { kind: 'disabled' }],
    ['a negative limit disables it', T, T, -5, { kind: 'disabled' }],
    [
      'just active: warn 60 s before a 2-minute limit',
      T,
      T,
      2,
      { kind: 'active', warnInMs: s(60) },
    ],
    ['just active with a 60-minute limit', T, T, 60, { kind: 'active', warnInMs: s(59 * 60) }],
    ['1 ms before the warning', T, T + s(60) - 1, 2, { kind: 'active', warnInMs: 1 }],
    [
      'the warning starts with 60 seconds left',
      T,
      T + s(60),
      2,
      { kind: 'warning', secondsLeft: 60, nextTickMs: 1000 },
    ],
    [
      'between ticks the count rounds up',
      T,
      T + s(60) + 400,
      2,
      { kind: 'warning', secondsLeft: 60, nextTickMs: 600 },
    ],
    ['one second left', T, T + s(119), 2, { kind: 'warning', secondsLeft: 1, nextTickMs: 1000 }],
    ['at the limit it has expired', T, T + s(120), 2, { kind: 'expired' }],
    ['long past the limit it has expired', T, T + s(7200), 2, { kind: 'expired' }],
    [
      'a limit shorter than the warning warns at once',
      T,
      T,
      0.5,
      { kind: 'warning', secondsLeft: 30, nextTickMs: 1000 },
    ],
    [
      'activity in the future (another tab) counts as now',
      T + s(30),
      T,
      2,
      { kind: 'active', warnInMs: s(60) },
    ],
    [
      'later activity in another tab moves the warning',
      T + s(90),
      T + s(100),
      2,
      { kind: 'active', warnInMs: s(50) },
    ],
  ])('%s', (_name, lastActivity, now, limitMinutes, expected) => {
    expect(idleSchedule(lastActivity, now, limitMinutes)).toEqual(expected);
  });
});
