import { describe, expect, it } from 'vitest';

import {
  countOrNotReported,
  moneyOrNotReported,
  percentOrNotReported,
  planPeriod,
  resultLabel,
  usDateOf,
} from './format';

describe('eligibility formats', () => {
  it.each([
    [3000, '$30.00'],
    [100050, '$1,000.50'],
    [0, '$0.00'],
    [null, 'Not reported'],
  ])('money %s is %s', (cents, text) => {
    expect(moneyOrNotReported(cents)).toBe(text);
  });

  it.each([
    [20, '20%'],
    [12.5, '12.5%'],
    [0, '0%'],
    [null, 'Not reported'],
  ])('percent %s is %s', (percent, text) => {
    expect(percentOrNotReported(percent)).toBe(text);
  });

  it.each([
    [18, '18'],
    [0, '0'],
    [null, 'Not reported'],
  ])('count %s is %s', (count, text) => {
    expect(countOrNotReported(count)).toBe(text);
  });

  it.each([
    ['2024-01-01', '2024-12-31', '01/01/2024 – 12/31/2024'],
    ['2024-01-01', null, 'From 01/01/2024'],
    [null, '2023-12-31', 'Until 12/31/2023'],
    [null, null, 'Not reported'],
  ])('plan %s to %s is %s', (begin, end, text) => {
    expect(planPeriod(begin, end)).toBe(text);
  });

  it('writes payer dates as MM/DD/YYYY', () => {
    expect(usDateOf('1985-06-15')).toBe('06/15/1985');
    expect(usDateOf(null)).toBe('Not reported');
  });

  it.each([
    [{ status: 'COMPLETE', coverage: 'active' }, 'Coverage active'],
    [{ status: 'COMPLETE', coverage: 'inactive' }, 'Coverage inactive'],
    [{ status: 'COMPLETE', coverage: null }, 'Coverage not stated'],
    [{ status: 'FAILED', coverage: 'unknown' }, 'Rejected'],
    [{ status: 'ERROR', coverage: null }, 'No answer'],
  ] as const)('%j reads %s', (check, text) => {
    expect(resultLabel(check)).toBe(text);
  });
});
