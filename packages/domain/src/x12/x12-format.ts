/** Writing values the way X12 carries them: CCYYMMDD dates, HHMM times, plain upper-case text. Pure. */
import { DEFAULT_DELIMITERS, type X12Delimiters } from './segments.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD to CCYYMMDD, or null when not a real calendar date. */
export function toX12Date(iso: string): string | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${y}${m}${d}`;
}

/** HH:MM to HHMM, or null. */
export function toX12Time(time: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? `${match[1] ?? ''}${match[2] ?? ''}` : null;
}

/** Free text safe for X12: upper case, no separators, single spaces, cut to `max`. */
export function x12Text(
  value: string,
  max: number,
  delimiters: X12Delimiters = DEFAULT_DELIMITERS,
): string {
  let text = value.toUpperCase();
  for (const d of [
    delimiters.element,
    delimiters.component,
    delimiters.segment,
    delimiters.repetition,
  ]) {
    if (d !== '') text = text.split(d).join(' ');
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}
