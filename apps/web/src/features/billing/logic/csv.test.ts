import { describe, expect, it, vi } from 'vitest';

import { centsForCsv, CSV_PAGE_SIZE, fetchAllRows, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs it and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['Client', 'Balance'],
        [
          ['Lee, Avery', 12.5],
          ['Say "hi"', 0],
          ['Plain', null],
        ],
      ),
    ).toBe('Client,Balance\r\n"Lee, Avery",12.5\r\n"Say ""hi""",0\r\nPlain,\r\n');
  });

  it('keeps a name from running as a spreadsheet formula', () => {
    expect(toCsv(['Client'], [['=HYPERLINK("x")'], ['@SUM(A1)'], ['-2+3']])).toBe(
      'Client\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n\'-2+3\r\n',
    );
  });

  it('writes numbers as they are, negatives included', () => {
    expect(toCsv(['n'], [[-5]])).toBe('n\r\n-5\r\n');
  });
});

describe('centsForCsv', () => {
  it('is dollars as a number', () => {
    expect(centsForCsv(123450)).toBe(1234.5);
    expect(centsForCsv(5)).toBe(0.05);
  });
});

describe('fetchAllRows', () => {
  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

  it('reads one page when everything fits', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ data: rows(3), total: 3 }));
    expect(await fetchAllRows(fetchPage)).toEqual([0, 1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(0, CSV_PAGE_SIZE);
  });

  it('pages through a list longer than a page, by offset', async () => {
    const total = CSV_PAGE_SIZE * 2 + 5;
    const fetchPage = vi.fn((offset: number, limit: number) =>
      Promise.resolve({ data: rows(Math.min(limit, total - offset), offset), total }),
    );
    const all = await fetchAllRows(fetchPage);
    expect(all).toHaveLength(total);
    expect(all.at(-1)).toBe(total - 1);
    expect(fetchPage.mock.calls.map(([offset]) => offset)).toEqual([
      0,
      CSV_PAGE_SIZE,
      CSV_PAGE_SIZE * 2,
    ]);
  });

  it('stops at a short page even when the total said more (rows gone meanwhile)', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ data: rows(2), total: 500 }));
    expect(await fetchAllRows(fetchPage)).toHaveLength(2);
  });
});
