/**
 * CSV built in the browser (the lists' export of the current filter): RFC 4180 quoting, CRLF
 * lines, and text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) prefixed with an apostrophe, since client names are typed by people.
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as a plain decimal a spreadsheet reads as a number ('1234.50'). */
export function centsForCsv(cents: number): number {
  return Math.round(cents) / 100;
}

/** The largest page the lists' API gives (its `limit`). */
export const CSV_PAGE_SIZE = 200;

/**
 * Every row of a list under its current filter: pages of CSV_PAGE_SIZE until the total is
 * read (a list that shrinks meanwhile ends at its first short page).
 */
export async function fetchAllRows<Row>(
  fetchPage: (offset: number, limit: number) => Promise<{ data: Row[]; total: number }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await fetchPage(rows.length, CSV_PAGE_SIZE);
    rows.push(...page.data);
    if (page.data.length < CSV_PAGE_SIZE || rows.length >= page.total) return rows;
  }
}
