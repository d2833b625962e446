/**
 * CSV cells, quoted when needed. A leading = + - @ would make a spreadsheet
 * run the cell as a formula, so such values get a leading apostrophe.
 */
export type CsvValue = string | number | boolean | null | undefined | readonly string[];

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;
