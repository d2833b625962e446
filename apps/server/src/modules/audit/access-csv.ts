import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import type { AccessRow } from './access-queries.ts';

/**
 * The access report as CSV: one line per event, every client it names (the
 * page shows the first few). Cells that a spreadsheet would run as a formula
 * get a leading apostrophe.
 */
export const CSV_HEADER = [
  'Date',
  'Time',
  'Timestamp (UTC)',
  'User',
  'Username',
  'Impersonated by',
  'Impersonation reason',
  'What',
  'Action',
  'Clients',
  'Client numbers',
  'Address',
  'Route',
  'Refusal reason',
] as const;

type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function accessCsv(
  rows: { row: AccessRow; ids: number[] }[],
  label: (id: number) => { name: string; clientNumber: string },
  timezone: string,
): string {
  let text = line(CSV_HEADER);
  for (const { row, ids } of rows) {
    const named = ids.map(label);
    text += line([
      formatZonedDate(row.at, timezone),
      formatZonedTime(row.at, timezone),
      row.at.toISOString(),
      row.actor?.name,
      row.actor?.username,
      row.impersonator?.name,
      row.impersonationReason,
      row.kind,
      row.action,
      named.map((c) => c.name).join('; '),
      named.map((c) => c.clientNumber).join('; '),
      row.ip,
      row.route,
      row.reason,
    ]);
  }
  return text;
}
