/** Writing values the way X12 carries them: CCYYMMDD dates, HHMM times, basic-set text, amounts. Pure. */
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

/**
 * Letters outside ASCII spelled with ASCII letters. NFKD splits most accented
 * letters into a base letter and a combining mark (which is then dropped); these
 * are the letters it leaves whole, and the typographic quotes and dashes that
 * people paste from word processors.
 */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  Æ: 'Ae',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'Oe',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
};
const SPELLED_OUT_PATTERN = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');

/** 'José Müller' → 'Jose Muller': accents dropped and special letters spelled out, before anything is stripped. */
export function transliterate(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? '');
}

/** Anything outside the X12 basic character set (X12.6): A-Z, 0-9, space and ! " & ' ( ) * + , - . / : ; ? = */
const OUTSIDE_BASIC_SET = /[^A-Z0-9 !"&'()*+,\-./:;?=]/g;

/**
 * Free text safe for X12: transliterated first (so 'José' keeps its E), upper
 * case, separators and anything outside the basic character set turned into
 * spaces (so 'O*Brien' cannot shift an element and 'A|B' stays two words),
 * single spaces, cut to `max`.
 */
export function x12Text(
  value: string,
  max: number,
  delimiters: X12Delimiters = DEFAULT_DELIMITERS,
): string {
  let text = transliterate(value).toUpperCase();
  for (const d of [
    delimiters.element,
    delimiters.component,
    delimiters.segment,
    delimiters.repetition,
  ]) {
    if (d !== '') text = text.split(d).join(' ');
  }
  return text.replace(OUTSIDE_BASIC_SET, ' ').replace(/ +/g, ' ').trim().slice(0, max).trim();
}

/**
 * Whole cents as an X12 decimal amount: no trailing zeros after the point and no
 * point when there are no cents (15000 → '150', 15050 → '150.5', 15025 → '150.25').
 */
export function x12Amount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  const whole = String((abs - fraction) / 100);
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}
