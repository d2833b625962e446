/**
 * How values are shown to users (spec-1 §9, spec-2 §5 and §9). Every screen
 * and export formats through these so money, dates and names read the same
 * everywhere.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import {
  CLIENT_NUMBER_DIGITS,
  COUNT_DISPLAY_MAX,
  INSURANCE_NAME_CUT_LENGTH,
  INSURANCE_NAME_MAX_LENGTH,
  MONEY_CURRENCY,
  MONEY_DECIMALS,
  MONEY_LOCALE,
} from './constants.ts';
import { ISO_DATE_FORMAT, dayOf, toDay, type DateInput } from './dates.ts';

// The long date format needs 'Do' (1st, 2nd, ...), which lives in this plugin.
dayjs.extend(advancedFormat);

/** Defaults shown in place of a missing value. */
export const NEVER_TEXT = 'Never';
export const NONE_TEXT = 'None';
export const NOT_AVAILABLE_TEXT = 'N/A';

// --- Money ---------------------------------------------------------------------

const CENTS_PER_DOLLAR = 10 ** MONEY_DECIMALS;

const money = new Intl.NumberFormat(MONEY_LOCALE, {
  style: 'currency',
  currency: MONEY_CURRENCY,
  minimumFractionDigits: MONEY_DECIMALS,
  maximumFractionDigits: MONEY_DECIMALS,
});

/** Integer cents as '$1,234.50'; negatives as '-$5.00'. */
export function formatMoney(cents: number): string {
  const dollars = Math.round(cents) / CENTS_PER_DOLLAR;
  // `|| 0` turns -0 into 0 so a zero amount never shows as '-$0.00'.
  return money.format(dollars || 0);
}

const MONEY_INPUT = /^(\d*)(?:\.(\d{0,2}))?$/;

/**
 * A typed amount ('1,234.5', '$20', '.99') as integer cents. Money inputs take
 * no negative values and no more precision than cents, so those give null,
 * as does anything that is not an amount.
 */
export function parseMoneyToCents(input: string): number | null {
  const cleaned = input.replace(/[\s,]/g, '').replace(/^\$/, '');
  const match = MONEY_INPUT.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents =
    Number(whole || '0') * CENTS_PER_DOLLAR + Number(fraction.padEnd(MONEY_DECIMALS, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Money inputs use automatic decimal mode: the digits typed are the cents,
 * so '1234' means $12.34. Any minus sign makes the input invalid (null).
 */
export function parseAutoDecimalCents(input: string): number | null {
  if (input.includes('-')) return null;
  const digits = input.replace(/\D/g, '');
  if (digits === '') return null;
  const cents = Number(digits);
  return Number.isSafeInteger(cents) ? cents : null;
}

// --- Numbers -------------------------------------------------------------------

/** A count for a badge: above `max` (default 99) it shows as '99+'. */
export function formatCount(count: number, max: number = COUNT_DISPLAY_MAX): string {
  return count > max ? `${max}+` : String(count);
}

/**
 * A ratio as a percentage: 0.25 is '25%', 0.125 is '12.5%'. The input is a
 * ratio (as Intl and spreadsheets use), not an already-multiplied number.
 */
export function formatPercent(
  ratio: number,
  maximumFractionDigits: number = MONEY_DECIMALS,
): string {
  return new Intl.NumberFormat(MONEY_LOCALE, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits,
  }).format(ratio);
}

// --- Contact details and identifiers -----------------------------------------

/**
 * '(888) 555-1212' from 10 digits, or 11 with a leading country code 1,
 * whatever punctuation they came with. Anything else is returned unchanged so
 * unusual numbers stay readable rather than being mangled.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A 9-digit ZIP as '12345-6789'; anything else unchanged. */
export function formatZip(zip: string): string {
  const digits = zip.replace(/\D/g, '');
  if (digits.length !== 9 || !/^[\d\s-]+$/.test(zip)) return zip;
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** 'C' plus the number padded to 9 digits ('C000001234'), or 'N/A' when there is none. */
export function formatClientNumber(clientNumber: number | string | null | undefined): string {
  if (clientNumber === null || clientNumber === undefined || clientNumber === '') {
    return NOT_AVAILABLE_TEXT;
  }
  return `C${String(clientNumber).padStart(CLIENT_NUMBER_DIGITS, '0')}`;
}

/** Insurance names over 23 characters are cut to 20 plus '...' to fit list columns. */
export function formatInsuranceName(name: string): string {
  return name.length > INSURANCE_NAME_MAX_LENGTH
    ? `${name.slice(0, INSURANCE_NAME_CUT_LENGTH)}...`
    : name;
}

// --- Dates -----------------------------------------------------------------------

export const DATE_FORMATS = {
  iso: ISO_DATE_FORMAT,
  short: 'M/D/YY',
  us: 'MM/DD/YYYY',
  long: 'MMMM Do, YYYY',
  time: 'h:mm A',
} as const;

type DateFormatName = keyof typeof DATE_FORMATS;

function formatDateAs(
  format: DateFormatName,
  value: DateInput | null | undefined,
  fallback: string,
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const day = toDay(value);
  return day.isValid() ? day.format(DATE_FORMATS[format]) : fallback;
}

/**
 * Each date formatter returns `fallback` (default '') for a missing or
 * unreadable value, e.g. `formatUsDate(lastLogin, NEVER_TEXT)`.
 */
export function formatIsoDate(value: DateInput | null | undefined, fallback = ''): string {
  return formatDateAs('iso', value, fallback);
}

/** '3/7/24' */
export function formatShortDate(value: DateInput | null | undefined, fallback = ''): string {
  return formatDateAs('short', value, fallback);
}

/** '03/07/2024' */
export function formatUsDate(value: DateInput | null | undefined, fallback = ''): string {
  return formatDateAs('us', value, fallback);
}

/** 'March 7th, 2024' */
export function formatLongDate(value: DateInput | null | undefined, fallback = ''): string {
  return formatDateAs('long', value, fallback);
}

/** '9:05 AM' */
export function formatTime(value: DateInput | null | undefined, fallback = ''): string {
  return formatDateAs('time', value, fallback);
}

// --- People --------------------------------------------------------------------

/**
 * Whole years from `dob` to `now`. The birthday must have been reached, so a
 * 29 February birthday counts on 1 March in non-leap years. Null when the dob
 * cannot be read.
 */
export function ageInYears(dob: DateInput, now: DateInput): number | null {
  const born = dayOf(dob);
  const today = dayOf(now);
  if (!born.isValid() || !today.isValid()) return null;
  const birthdayReached =
    today.month() > born.month() || (today.month() === born.month() && today.date() >= born.date());
  return today.year() - born.year() - (birthdayReached ? 0 : 1);
}

export interface PersonName {
  firstName?: string | null;
  nickName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}

function joinNameParts(...parts: (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The everyday name: 'Nick Last' when a nickname is set (Robert "Bob" Smith
 * is 'Bob Smith'), else 'First Last'. The nickname replaces the first name
 * rather than being shown beside it, because that is what the client goes by.
 */
export function fullName(person: PersonName): string {
  const nickName = person.nickName?.trim();
  return joinNameParts(nickName ? nickName : person.firstName, person.lastName);
}

/**
 * The legal name for claims and documents: 'First Middle Last' (middle name
 * left out when blank). The nickname is never used here.
 */
export function legalName(person: PersonName): string {
  return joinNameParts(person.firstName, person.middleName, person.lastName);
}
