import { describe, expect, it } from 'vitest';

import { reportCsv, type Column } from './report-columns';
import { defaultFilter, readReportView, reportQuery, reportViewParams } from './report-view';

const fallback = { ...defaultFilter(new Date('2026-05-10T12:00:00Z')), method: 'cash' as const };

describe('a report view', () => {
  it('comes from the address when it names a period, else the remembered filter', () => {
    const addressed = readReportView(
      new URLSearchParams('from=2026-01-01&to=2026-01-31&method=check&therapistId=4&page=2'),
      fallback,
    );
    expect(addressed).toMatchObject({
      from: '2026-01-01',
      method: 'check',
      therapistId: 4,
      page: 2,
    });
    expect(readReportView(new URLSearchParams('page=1'), fallback)).toMatchObject({
      from: '2026-01-01',
      to: '2026-05-10',
      method: 'cash',
      page: 1,
    });
  });

  it('drops what it does not know: a method clients do not pay by, a bad id, an odd page size', () => {
    const view = readReportView(
      new URLSearchParams('from=2026-01-01&to=2026-01-31&method=era&patientId=-3&pageSize=7'),
      fallback,
    );
    expect(view).toMatchObject({ method: undefined, patientId: undefined, pageSize: 50 });
  });

  it('round-trips through the address and asks the API only for the report’s filters', () => {
    const view = readReportView(
      new URLSearchParams(
        'from=2026-01-01&to=2026-01-31&method=card&patientId=9&pageSize=25&page=3',
      ),
      fallback,
    );
    expect(readReportView(reportViewParams(view), fallback)).toEqual(view);
    expect(reportQuery(view, ['method'])).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      method: 'card',
      limit: 25,
      offset: 75,
    });
  });
});

describe('a report as CSV', () => {
  it('writes money as dollars and text safely, from the same columns as the table', () => {
    type Row = { name: string; cents: number };
    const columns: Column<Row, never>[] = [
      { header: 'Client', value: (r) => r.name },
      { header: 'Fee', value: (r) => r.cents, money: true },
    ];
    expect(reportCsv(columns, [{ name: '=Doe, Jane', cents: 12345 }])).toBe(
      'Client,Fee\r\n"\'=Doe, Jane",123.45\r\n',
    );
  });
});
