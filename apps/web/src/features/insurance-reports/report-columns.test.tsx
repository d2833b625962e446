import { INSURANCE_REPORTS, REPORT_SORT_KEYS } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { daysLeftText } from './report-cells';
import { REPORT_COLUMNS } from './report-columns';

describe('report columns', () => {
  it.each(INSURANCE_REPORTS)('%s: every column sorts, by a key the server accepts', (report) => {
    expect(REPORT_COLUMNS[report].map((c) => c.sortKey).sort()).toEqual(
      [...REPORT_SORT_KEYS[report]].sort(),
    );
  });

  it.each([
    [0, 'Today'],
    [1, '1 day'],
    [12, '12 days'],
    [null, ''],
  ])('days left %j reads %j', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });
});
