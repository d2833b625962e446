import { describe, expect, it } from 'vitest';

import { openBalancesCsv, openCreditsCsv } from './list-csv';

describe('the lists’ CSV', () => {
  it('writes open balances with the aging buckets', () => {
    const csv = openBalancesCsv([
      {
        patientId: 1,
        clientName: 'Lee, Avery',
        balanceCents: 17500,
        aging: { current: 15000, days31to60: 2500, days61to90: 0, days91to120: 0, over120: 0 },
        oldestDateOfService: '2026-10-01',
        lastPaymentDate: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Client,Balance,0–30 days,31–60 days,61–90 days,91–120 days,Over 120 days,Oldest date of service,Last payment',
      '"Lee, Avery",175,150,25,0,0,0,2026-10-01,',
      '',
    ]);
  });

  it('writes open credits', () => {
    expect(
      openCreditsCsv([
        { patientId: 2, clientName: 'Kim Park', creditCents: 2050, lastPaymentDate: '2026-11-02' },
      ]),
    ).toBe('Client,Credit,Last payment\r\nKim Park,20.5,2026-11-02\r\n');
  });
});
