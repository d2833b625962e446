import { describe, expect, it } from 'vitest';

import { readReportView, reportViewParams, sortedBy } from './report-view';

const read = (report: Parameters<typeof readReportView>[0], query: string) =>
  readReportView(report, new URLSearchParams(query));

describe('readReportView', () => {
  it('starts each report on its default', () => {
    expect(read('expiringPolicies', '')).toEqual({
      sort: 'endDate',
      direction: 'asc',
      page: 0,
      pageSize: 50,
      days: 30,
    });
    expect(read('visitLimits', '')).toEqual({
      sort: 'visitsRemaining',
      direction: 'asc',
      page: 0,
      pageSize: 50,
    });
  });

  it('reads a chosen view', () => {
    expect(
      read('expiringPrecerts', 'sort=client&direction=desc&page=2&pageSize=25&days=60'),
    ).toEqual({ sort: 'client', direction: 'desc', page: 2, pageSize: 25, days: 60 });
  });

  it.each([
    ['sort=lastConfirmed', 'unverifiedPolicies', { sort: 'client', direction: 'asc' }],
    ['sort=payer', 'unverifiedPolicies', { sort: 'client' }],
    ['direction=up', 'unverifiedPolicies', { direction: 'asc' }],
    ['page=-3', 'unverifiedPolicies', { page: 0 }],
    ['page=1.5', 'unverifiedPolicies', { page: 0 }],
    ['pageSize=7', 'unverifiedPolicies', { pageSize: 50 }],
    ['days=45', 'expiringPolicies', { days: 30 }],
  ] as const)('ignores %s on %s', (query, report, expected) => {
    expect(read(report, query)).toMatchObject(expected);
  });

  it('has no window on reports without one', () => {
    expect(read('unconfirmedPolicies', 'days=60')).not.toHaveProperty('days');
  });
});

describe('reportViewParams', () => {
  it('leaves defaults out of the address', () => {
    expect(reportViewParams('expiringPolicies', read('expiringPolicies', '')).toString()).toBe('');
  });

  it('round-trips a chosen view', () => {
    const view = { sort: 'payer', direction: 'desc' as const, page: 3, pageSize: 100, days: 90 };
    const params = reportViewParams('expiringPolicies', view);
    expect(params.toString()).toBe('sort=payer&direction=desc&page=3&pageSize=100&days=90');
    expect(readReportView('expiringPolicies', params)).toEqual(view);
  });
});

describe('sortedBy', () => {
  const view = { sort: 'endDate', direction: 'asc' as const, page: 4, pageSize: 50 };
  it('flips the direction of the sorted column and goes back to the first page', () => {
    expect(sortedBy(view, 'endDate')).toEqual({ ...view, direction: 'desc', page: 0 });
    expect(sortedBy({ ...view, direction: 'desc' }, 'endDate')).toMatchObject({ direction: 'asc' });
  });
  it('sorts a new column ascending', () => {
    expect(sortedBy({ ...view, direction: 'desc' }, 'client')).toEqual({
      ...view,
      sort: 'client',
      direction: 'asc',
      page: 0,
    });
  });
});
