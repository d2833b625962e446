import { describe, expect, it } from 'vitest';
import {
  confirmationYearStart,
  countPreAuthVisits,
  countsAsVisitScheduled,
  countsAsVisitUsed,
  daysUntil,
  INSURANCE_REPORTS,
  isExpiringPolicy,
  isExpiringPrecert,
  isInPreAuthPeriod,
  isInsuranceReport,
  isNearVisitLimit,
  isReportSortKey,
  isUnconfirmedPolicy,
  isUnverifiedPolicy,
  isVisitLimitPrecert,
  isWithinWindow,
  lastConfirmed,
  preAuthPeriod,
  REPORT_DEFAULT_SORT,
  REPORT_SORT_KEYS,
  reportEmptyMessage,
  visitsRemaining,
  windowEnd,
  type ReportPolicy,
  type ReportPreAuth,
  type ReportVisit,
} from './insurance-reports.ts';

const TODAY = '2026-03-10';

describe('report names', () => {
  it.each([
    ['expiringPolicies', true],
    ['visitLimits', true],
    ['expiringpolicies', false],
    ['', false],
    ['constructor', false],
  ])('%s is a report: %s', (name, expected) => {
    expect(isInsuranceReport(name)).toBe(expected);
  });

  it('has a default sort among each report’s sort keys', () => {
    for (const report of INSURANCE_REPORTS) {
      expect(isReportSortKey(report, REPORT_DEFAULT_SORT[report].sort)).toBe(true);
    }
  });

  it('whitelists only the named columns', () => {
    expect(isReportSortKey('unverifiedPolicies', 'payer')).toBe(false);
    expect(isReportSortKey('visitLimits', 'visitsScheduled')).toBe(true);
    expect(isReportSortKey('expiringPolicies', 'c.last_name')).toBe(false);
    expect(REPORT_SORT_KEYS.expiringPolicies).toContain('endDate');
  });

  it.each([
    ['expiringPolicies', 30, 'No policies expire in the next 30 days.'],
    ['expiringPrecerts', 7, 'No precerts end in the next 7 days.'],
    ['unverifiedPolicies', 30, 'Every active policy is matched to a payer.'],
  ] as const)('%s empty message', (report, days, message) => {
    expect(reportEmptyMessage(report, days)).toBe(message);
  });
});

describe('windows', () => {
  it.each([
    ['2026-03-10', 0],
    ['2026-03-11', 1],
    ['2026-04-09', 30],
    ['2026-03-09', -1],
    ['2027-03-10', 365],
  ])('days until %s: %i', (date, days) => {
    expect(daysUntil(date, TODAY)).toBe(days);
  });

  it.each([
    [null, 30, false],
    ['', 30, false],
    ['2026-03-09', 30, false],
    ['2026-03-10', 30, true],
    ['2026-04-09', 30, true],
    ['2026-04-10', 30, false],
    ['2026-03-17', 7, true],
    ['2026-03-18', 7, false],
  ])('%s within %i days: %s', (date, days, expected) => {
    expect(isWithinWindow(date, TODAY, days)).toBe(expected);
  });

  it('ends a window on today + days', () => {
    expect(windowEnd(TODAY, 30)).toBe('2026-04-09');
    expect(windowEnd('2026-12-20', 30)).toBe('2027-01-19');
  });

  it('counts confirmations from 1 January', () => {
    expect(confirmationYearStart(TODAY)).toBe('2026-01-01');
    expect(confirmationYearStart('2026-12-31')).toBe('2026-01-01');
    expect(confirmationYearStart('2027-01-01')).toBe('2027-01-01');
  });
});

describe('expiring policies', () => {
  const policy = (over: Partial<ReportPolicy>): ReportPolicy => ({
    isCurrent: true,
    startDate: '2025-01-01',
    endDate: null,
    companyId: 1,
    ...over,
  });

  it.each([
    ['open-ended', policy({}), false],
    ['ends today', policy({ endDate: '2026-03-10' }), true],
    ['ends in 30 days', policy({ endDate: '2026-04-09' }), true],
    ['ends in 31 days', policy({ endDate: '2026-04-10' }), false],
    ['ended yesterday', policy({ endDate: '2026-03-09' }), false],
    ['not current', policy({ endDate: '2026-03-20', isCurrent: false }), false],
    ['no payer still counts', policy({ endDate: '2026-03-20', companyId: null }), true],
  ])('%s → %s', (_label, p, expected) => {
    expect(isExpiringPolicy(p, TODAY, 30)).toBe(expected);
  });

  it('widens with the window', () => {
    expect(isExpiringPolicy(policy({ endDate: '2026-05-01' }), TODAY, 30)).toBe(false);
    expect(isExpiringPolicy(policy({ endDate: '2026-05-01' }), TODAY, 60)).toBe(true);
  });
});

describe('unconfirmed policies', () => {
  const current: ReportPolicy = { isCurrent: true, endDate: null, companyId: 3 };

  it.each([
    ['never confirmed', current, [], true],
    ['confirmed last year only', current, ['2025-11-03', '2025-02-01'], true],
    ['confirmed on 1 January', current, ['2026-01-01'], false],
    ['confirmed this year and last', current, ['2025-11-03', '2026-02-14'], false],
    ['ended yesterday', { ...current, endDate: '2026-03-09' }, [], false],
    ['ends today (still active)', { ...current, endDate: '2026-03-10' }, [], true],
    ['not current', { ...current, isCurrent: false }, [], false],
    ['no payer still needs confirming', { ...current, companyId: null }, [], true],
  ])('%s → %s', (_label, p, dates, expected) => {
    expect(isUnconfirmedPolicy(p, dates, TODAY)).toBe(expected);
  });

  it('reports the latest confirmation', () => {
    expect(lastConfirmed([])).toBeNull();
    expect(lastConfirmed(['2025-11-03', '2026-02-14', '2025-12-01'])).toBe('2026-02-14');
  });
});

describe('unverified policies', () => {
  it.each([
    [{ isCurrent: true, endDate: null, companyId: null }, true],
    [{ isCurrent: true, endDate: null, companyId: '' }, true],
    [{ isCurrent: true, endDate: null, companyId: 4 }, false],
    [{ isCurrent: true, endDate: '2026-03-09', companyId: null }, false],
    [{ isCurrent: false, endDate: null, companyId: null }, false],
  ])('%o → %s', (p, expected) => {
    expect(isUnverifiedPolicy(p, TODAY)).toBe(expected);
  });
});

describe('precert periods', () => {
  it('starts on the start date, or the auth date when none', () => {
    expect(
      preAuthPeriod({ authDate: '2026-01-05', startDate: '2026-01-10', endDate: null }),
    ).toEqual({ start: '2026-01-10', end: null });
    expect(
      preAuthPeriod({ authDate: '2026-01-05', startDate: null, endDate: '2026-06-30' }),
    ).toEqual({ start: '2026-01-05', end: '2026-06-30' });
  });

  const auth = { authDate: '2026-01-05', startDate: '2026-01-10', endDate: '2026-03-31' };
  it.each([
    ['2026-01-09', false],
    ['2026-01-10', true],
    ['2026-03-31', true],
    ['2026-04-01', false],
  ])('%s in period: %s', (day, expected) => {
    expect(isInPreAuthPeriod(day, auth)).toBe(expected);
  });
});

describe('expiring precerts and visit limits', () => {
  const precert = (over: Partial<ReportPreAuth>): ReportPreAuth => ({
    authDate: '2026-01-02',
    startDate: '2026-01-05',
    endDate: '2026-03-25',
    visitsAuthorized: 12,
    policyIsCurrent: true,
    ...over,
  });

  it.each([
    ['ends in 15 days', precert({}), true],
    ['ends today', precert({ endDate: TODAY }), true],
    ['ended', precert({ endDate: '2026-03-01' }), false],
    ['ends later', precert({ endDate: '2026-06-30' }), false],
    ['open-ended', precert({ endDate: null }), false],
    ['policy not current', precert({ policyIsCurrent: false }), false],
    ['no visit limit still expires', precert({ visitsAuthorized: null }), true],
  ])('expiring: %s → %s', (_label, p, expected) => {
    expect(isExpiringPrecert(p, TODAY, 30)).toBe(expected);
  });

  it.each([
    ['in effect with a limit', precert({}), true],
    ['open-ended with a limit', precert({ endDate: null }), true],
    ['no limit', precert({ visitsAuthorized: null }), false],
    ['not started yet', precert({ startDate: '2026-03-11' }), false],
    ['ended', precert({ endDate: '2026-03-09' }), false],
    ['ends today', precert({ endDate: TODAY }), true],
    ['policy not current', precert({ policyIsCurrent: false }), false],
  ])('visit limit: %s → %s', (_label, p, expected) => {
    expect(isVisitLimitPrecert(p, TODAY)).toBe(expected);
  });
});

describe('visit counting', () => {
  const NOW = '2026-03-10T15:00:00Z';
  const visit = (over: Partial<ReportVisit>): ReportVisit => ({
    startAt: '2026-02-10T14:00:00Z',
    day: '2026-02-10',
    cancelled: false,
    attended: true,
    ...over,
  });

  it.each([
    ['attended', visit({}), true, false],
    ['no-show', visit({ attended: false }), false, false],
    ['attendance not recorded, past', visit({ attended: null }), false, false],
    ['cancelled', visit({ cancelled: true }), false, false],
    [
      'booked ahead',
      visit({ attended: null, startAt: '2026-03-12T14:00:00Z', day: '2026-03-12' }),
      false,
      true,
    ],
    [
      'booked ahead, cancelled',
      visit({
        attended: null,
        cancelled: true,
        startAt: '2026-03-12T14:00:00Z',
        day: '2026-03-12',
      }),
      false,
      false,
    ],
  ])('%s: used %s, scheduled %s', (_label, v, used, scheduled) => {
    expect(countsAsVisitUsed(v)).toBe(used);
    expect(countsAsVisitScheduled(v, NOW)).toBe(scheduled);
  });

  it('counts only visits inside the period', () => {
    const auth = { authDate: '2026-01-05', startDate: '2026-02-01', endDate: '2026-03-31' };
    const visits = [
      visit({ day: '2026-01-31', startAt: '2026-01-31T14:00:00Z' }),
      visit({ day: '2026-02-01', startAt: '2026-02-01T14:00:00Z' }),
      visit({ day: '2026-02-08' }),
      visit({ day: '2026-02-15', attended: false }),
      visit({ day: '2026-03-12', startAt: '2026-03-12T14:00:00Z', attended: null }),
      visit({ day: '2026-04-02', startAt: '2026-04-02T14:00:00Z', attended: null }),
    ];
    expect(countPreAuthVisits(auth, visits, NOW)).toEqual({ used: 2, scheduled: 1 });
  });

  it.each([
    [12, 3, 9, false],
    [12, 10, 2, true],
    [12, 11, 1, true],
    [12, 12, 0, true],
    [12, 14, -2, true],
    [5, 2, 3, false],
  ])('%i authorized, %i used: %i remaining, flagged %s', (authorized, used, left, flagged) => {
    const remaining = visitsRemaining(authorized, used);
    expect(remaining).toBe(left);
    expect(isNearVisitLimit(remaining)).toBe(flagged);
  });

  it('never flags a precert with no limit', () => {
    expect(isNearVisitLimit(null)).toBe(false);
  });
});
