/**
 * Reading the values a 271 carries in its elements: trimmed text, decimals
 * as integers, CCYYMMDD dates and date ranges. Pure.
 */

/** Trimmed text, or null when blank (an element left empty means "not said"). */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * A decimal string scaled by 10^places to an integer without floating point
 * error ('25.5' with 2 places is 2550); rounds half up; null when not a number.
 */
export function decimalToScaled(text: string, places: number): number | null {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] ?? '') + (match[3] ?? '') === '') return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const kept = fraction.padEnd(places, '0').slice(0, places);
  const roundUp = Number(fraction.charAt(places) || '0') >= 5 ? 1 : 0;
  const value = Number(`${whole || '0'}${kept}`) + roundUp;
  return sign === '-' ? -value : value;
}

/** CCYYMMDD to YYYY-MM-DD (null when malformed). */
export function fromX12Date(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const month = Number(m);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > new Date(Date.UTC(Number(y), month, 0)).getUTCDate()
  ) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

/** A DTP date in format `format` (D8 one date, RD8 a CCYYMMDD-CCYYMMDD range). */
export function parseDateValue(
  format: string,
  value: string,
): { begin: string | null; end: string | null } {
  if (format === 'RD8') {
    const [begin = '', end = ''] = value.split('-');
    return { begin: fromX12Date(begin), end: fromX12Date(end) };
  }
  return { begin: fromX12Date(value), end: null };
}
