import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTAKE_PREFERENCES,
  defaultSnoozeUntil,
  intakeWindowStart,
  isNewClient,
  isRetentionSnoozed,
  readIntakePreferences,
  retentionCandidates,
  snoozeUntil,
  sortIntakeRows,
  splitIntake,
  type RetentionClient,
} from './retention-intake.ts';

const TODAY = '2026-03-10';
const none = new Map<number, string>();

const client = (id: number, overrides: Partial<RetentionClient> = {}): RetentionClient => ({
  id,
  addedOn: '2026-03-01',
  retentionSnoozedUntil: null,
  statuses: ['ACTIVE'],
  ...overrides,
});

describe('retentionCandidates', () => {
  it('lists every active client when no appointment facts exist, in the order given', () => {
    const rows = retentionCandidates([client(2), client(1)], none, none, TODAY);
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    expect(rows[0]).toMatchObject({ lastAppointment: null, daysSinceAdded: 9, isSnoozed: false });
  });

  it('leaves out clients with an upcoming appointment, today included', () => {
    const upcoming = new Map([
      [1, '2026-03-10T09:00:00'],
      [2, '2026-04-01'],
    ]);
    const rows = retentionCandidates([client(1), client(2), client(3)], upcoming, none, TODAY);
    expect(rows.map((r) => r.id)).toEqual([3]);
  });

  it('treats a stale "upcoming" date before today as no upcoming appointment', () => {
    const rows = retentionCandidates([client(1)], new Map([[1, '2026-03-09']]), none, TODAY);
    expect(rows.map((r) => r.id)).toEqual([1]);
  });

  it('carries the last appointment', () => {
    const rows = retentionCandidates([client(1)], none, new Map([[1, '2026-01-05']]), TODAY);
    expect(rows[0]?.lastAppointment).toBe('2026-01-05');
  });

  it.each<[string, string[], boolean]>([
    ['active', ['ACTIVE'], true],
    ['active with one of two therapists', ['INACTIVE', 'ACTIVE'], true],
    ['archived (inactive for all)', ['INACTIVE', 'INACTIVE'], false],
    ['waitlisted', ['WAITLIST'], false],
    ['discharged', ['DISCHARGED'], false],
    ['without a therapist', [], false],
  ])('a client who is %s: listed %s', (_label, statuses, listed) => {
    expect(retentionCandidates([client(1, { statuses })], none, none, TODAY)).toHaveLength(
      listed ? 1 : 0,
    );
  });

  it('hides snoozed clients through the snooze day, and shows them the day after', () => {
    const snoozed = client(1, { retentionSnoozedUntil: TODAY });
    expect(retentionCandidates([snoozed], none, none, TODAY)).toEqual([]);
    expect(retentionCandidates([snoozed], none, none, '2026-03-11')).toHaveLength(1);
  });

  it('includes snoozed clients when asked, flagged', () => {
    const rows = retentionCandidates(
      [client(1, { retentionSnoozedUntil: '2026-04-01' })],
      none,
      none,
      TODAY,
      { includeSnoozed: true },
    );
    expect(rows[0]?.isSnoozed).toBe(true);
  });

  it('never counts negative days since added', () => {
    const rows = retentionCandidates([client(1, { addedOn: '2026-03-11' })], none, none, TODAY);
    expect(rows[0]?.daysSinceAdded).toBe(0);
  });
});

describe('snooze', () => {
  it.each<[string | null, string, boolean]>([
    [null, TODAY, false],
    ['2026-03-09', TODAY, false],
    ['2026-03-10', TODAY, true],
    ['2026-04-09', TODAY, true],
  ])('snoozed until %s on %s: %s', (until, today, expected) => {
    expect(isRetentionSnoozed(until, today)).toBe(expected);
  });

  it('defaults to 30 days from today, across a month end', () => {
    expect(defaultSnoozeUntil(TODAY)).toBe('2026-04-09');
    expect(defaultSnoozeUntil('2026-01-31')).toBe('2026-03-02');
    expect(snoozeUntil(undefined, TODAY)).toEqual({ ok: true, until: '2026-04-09' });
    expect(snoozeUntil('', TODAY)).toEqual({ ok: true, until: '2026-04-09' });
  });

  it('accepts today up to a year ahead', () => {
    expect(snoozeUntil(TODAY, TODAY)).toEqual({ ok: true, until: TODAY });
    expect(snoozeUntil('2027-03-11', TODAY)).toEqual({ ok: true, until: '2027-03-11' });
  });

  it('refuses a day in the past or more than a year ahead, saying which days work', () => {
    expect(snoozeUntil('2026-03-09', TODAY)).toEqual({
      ok: false,
      message: 'Please enter a date on or after 03/10/2026.',
    });
    expect(snoozeUntil('2027-03-12', TODAY)).toEqual({
      ok: false,
      message: 'Please enter a date on or before 03/11/2027.',
    });
  });
});

describe('intake window', () => {
  it('starts N days before today (default 30)', () => {
    expect(intakeWindowStart(TODAY)).toBe('2026-02-08');
    expect(intakeWindowStart(TODAY, 7)).toBe('2026-03-03');
  });

  it.each<[string, number, boolean]>([
    ['2026-03-10T23:59:00Z', 30, true],
    ['2026-02-08', 30, true],
    ['2026-02-07', 30, false],
    ['2026-03-03', 7, true],
    ['2026-03-02', 7, false],
    ['2026-03-11', 30, false],
  ])('added %s is new within %i days: %s', (addedOn, days, expected) => {
    expect(isNewClient(addedOn, TODAY, days)).toBe(expected);
  });
});

describe('intake lists', () => {
  const people = [
    { id: 1, firstName: 'Ann', lastName: 'Zed', createdAt: '2026-03-01T10:00:00.000Z' },
    { id: 2, firstName: 'Bo', lastName: 'Young', createdAt: '2026-03-05T10:00:00.000Z' },
    { id: 3, firstName: 'Cy', lastName: 'Xu', createdAt: '2026-03-03T10:00:00.000Z' },
  ];

  it('puts every new client in the without-appointments list when none has one', () => {
    const split = splitIntake(people, none);
    expect(split.withAppointments).toEqual([]);
    expect(split.withoutAppointments.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('splits on the first appointment and sorts by it, by name or by added', () => {
    const first = new Map([
      [1, '2026-03-20T09:00:00'],
      [3, '2026-03-12T15:00:00'],
    ]);
    const { withAppointments, withoutAppointments } = splitIntake(people, first);
    expect(withoutAppointments.map((r) => r.id)).toEqual([2]);
    expect(sortIntakeRows(withAppointments, 'firstAppointment', 'asc').map((r) => r.id)).toEqual([
      3, 1,
    ]);
    expect(sortIntakeRows(withAppointments, 'firstAppointment', 'desc').map((r) => r.id)).toEqual([
      1, 3,
    ]);
    const all = [...withAppointments, ...withoutAppointments];
    expect(sortIntakeRows(all, 'name', 'asc').map((r) => r.lastName)).toEqual([
      'Xu',
      'Young',
      'Zed',
    ]);
    expect(sortIntakeRows(all, 'added', 'desc').map((r) => r.id)).toEqual([2, 3, 1]);
    // Without an appointment sorts last either way.
    expect(sortIntakeRows(all, 'firstAppointment', 'desc').map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('reads remembered choices, falling back to the defaults for anything unknown', () => {
    expect(readIntakePreferences(null)).toEqual(DEFAULT_INTAKE_PREFERENCES);
    expect(readIntakePreferences({ sortBy: 'name', sortDir: 'desc', rowsPerPage: 50 })).toEqual({
      sortBy: 'name',
      sortDir: 'desc',
      rowsPerPage: 50,
    });
    expect(readIntakePreferences({ sortBy: 'drop table', sortDir: 'up', rowsPerPage: 7 })).toEqual(
      DEFAULT_INTAKE_PREFERENCES,
    );
  });
});
