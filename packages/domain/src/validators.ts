/**
 * Field validators (spec-1 §5, spec-2 §5). Each returns `true` when the value
 * is acceptable, or the message to show. The one exception is `npi`, which the
 * spec says fails with `false` and no message.
 *
 * Every validator except `required` and `booleanRequired` accepts an empty
 * value (null, undefined or ''), so optional fields only need to be valid when
 * filled in; add `required` to make a field mandatory.
 */
import type { Dayjs } from 'dayjs';
import { dayOf, parseUsDate, type DateInput } from './dates.ts';
import { formatUsDate } from './formats.ts';
import { REQUIRED_MESSAGE, required } from './required.ts';

export { REQUIRED_MESSAGE, required };

/** `true` = valid, a string = the message to show, `false` = invalid with no message (npi only). */
export type ValidationResult = true | false | string;
export type Validator = (value: unknown) => ValidationResult;
/** Validators that always explain a failure. */
export type MessageValidator = (value: unknown) => true | string;

/** The sample address shown in the e-mail message: the reserved example domain, so it is never a real person's. */
export const EXAMPLE_EMAIL = 'name@example.com';

export const VALIDATION_MESSAGES = {
  required: REQUIRED_MESSAGE,
  max: (n: number) => `Please enter no more than ${n} characters.`,
  min: (n: number) => `Please enter no less than ${n} characters.`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Can't be more than ${n} characters`,
  exactLength: (n: number) => `Must be exactly ${n} characters`,
  lessThan: (x: number) => `Must be less than ${x}`,
  greaterThan: (x: number) => `Must be greater than ${x}`,
  number: 'Please enter only digits 0-9.',
  phone: 'Please enter phone number in valid format, e.g. (888) 555-1212',
  fax: 'Please enter fax in valid format.',
  email: `Please enter a valid e-mail address, e.g. ${EXAMPLE_EMAIL}`,
  url: 'Please enter a valid URL.',
  zipShort: 'Please enter a five-digit ZIP code.',
  zipLong: 'Please enter a nine-digit ZIP code in 12345-1234 format.',
  cardExpiration: 'Please enter a valid future expiration date.',
  date: 'Please enter a valid date, e.g. 01/05/1995.',
  dateBefore: (x: string) => `Please enter a date on or before ${x}.`,
  dateAfter: (x: string) => `Please enter a date on or after ${x}.`,
  dea: 'Please enter a valid DEA Number',
} as const;

// --- Helpers --------------------------------------------------------------------

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Text of a typed value; numbers count as their digits, other kinds have no text. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A rule on the text of a value: empty passes, anything else must pass `test`. */
function textRule(message: string, test: (text: string) => boolean): MessageValidator {
  return (value) => {
    if (isEmpty(value)) return true;
    const text = textOf(value);
    return text !== null && test(text) ? true : message;
  };
}

// --- Presence --------------------------------------------------------------------

/** For yes/no questions, where `false` is a real answer: needs true or false. */
export function booleanRequired(value: unknown): true | string {
  return value === true || value === false ? true : REQUIRED_MESSAGE;
}

// --- Length and size -------------------------------------------------------------

export function max(n: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.max(n), (text) => text.length <= n);
}

export function min(n: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.min(n), (text) => text.length >= n);
}

export function minLength(n: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.minLength(n), (text) => text.length >= n);
}

export function maxLength(n: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.maxLength(n), (text) => text.length <= n);
}

export function exactLength(n: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.exactLength(n), (text) => text.length === n);
}

/** The value read as a number; text that is not a number gives NaN, which fails every comparison. */
function numericValue(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function lessThan(x: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.lessThan(x), (text) => numericValue(text) < x);
}

export function greaterThan(x: number): MessageValidator {
  return textRule(VALIDATION_MESSAGES.greaterThan(x), (text) => numericValue(text) > x);
}

// --- Formats -----------------------------------------------------------------------

export const number = textRule(VALIDATION_MESSAGES.number, (text) => /^\d+$/.test(text));

/** Digits with the usual punctuation; a '+' may only lead. */
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

/** US numbers: 10 digits, or 11 when the first is the country code 1. */
function isUsPhoneNumber(text: string): boolean {
  if (!PHONE_SHAPE.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export const phone = textRule(VALIDATION_MESSAGES.phone, isUsPhoneNumber);
export const fax = textRule(VALIDATION_MESSAGES.fax, isUsPhoneNumber);

/** Something@domain.tld: no spaces, one '@', and a dotted domain ending in letters. */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;
export const email = textRule(VALIDATION_MESSAGES.email, (text) => EMAIL.test(text));

/** http(s) only, with a host name, localhost or IPv4 address; port, path and query optional. */
const URL_PATTERN =
  /^https?:\/\/(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const url = textRule(VALIDATION_MESSAGES.url, (text) => URL_PATTERN.test(text));

export const zipShort = textRule(VALIDATION_MESSAGES.zipShort, (text) =>
  /^\d{5}(?:-?\d{4})?$/.test(text),
);
export const zipLong = textRule(VALIDATION_MESSAGES.zipLong, (text) => /^\d{5}-?\d{4}$/.test(text));

/** Letter, letter or 9, seven digits, then optionally a dash and up to 7 more characters. */
const DEA = /^[A-Za-z][A-Za-z9]\d{7}(?:-[A-Za-z\d]{1,7})?$/;
export const dea = textRule(VALIDATION_MESSAGES.dea, (text) => DEA.test(text));

// --- Dates -----------------------------------------------------------------------

/**
 * Card expiry as MM/YY. A card is good through the end of its month, so the
 * current month is still valid; `now` decides what "past" means.
 */
export function cardExpiration(now: DateInput): MessageValidator {
  const today = dayOf(now);
  return textRule(VALIDATION_MESSAGES.cardExpiration, (text) => {
    const match = /^(\d{2})\/(\d{2})$/.exec(text);
    if (!match) return false;
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) return false;
    const currentMonth = today.month() + 1;
    return year > today.year() || (year === today.year() && month >= currentMonth);
  });
}

/** MM/DD/YYYY, exactly 10 characters, and a day that exists on the calendar. */
export const date = textRule(
  VALIDATION_MESSAGES.date,
  (text) => text.length === 10 && parseUsDate(text) !== null,
);

/** A date value (typed text or a Date from a picker) as a calendar day, or null if unreadable. */
function calendarDayOf(value: unknown): Dayjs | null {
  if (!(value instanceof Date) && typeof value !== 'string') return null;
  const day = dayOf(value);
  return day.isValid() ? day : null;
}

/**
 * Builds an inclusive date bound. An unreadable value fails with the bound's
 * message too, so the rule cannot be passed with text that is not a date.
 */
function dateBound(
  limit: DateInput,
  message: (x: string) => string,
  withinBound: (day: Dayjs, bound: Dayjs) => boolean,
): MessageValidator {
  const bound = dayOf(limit);
  const text = message(formatUsDate(limit));
  return (value) => {
    if (isEmpty(value)) return true;
    const day = calendarDayOf(value);
    return day !== null && withinBound(day, bound) ? true : text;
  };
}

/** On or before `limit` (inclusive); the message shows the limit as MM/DD/YYYY. */
export function dateBefore(limit: DateInput): MessageValidator {
  return dateBound(limit, VALIDATION_MESSAGES.dateBefore, (day, bound) => !day.isAfter(bound));
}

/** On or after `limit` (inclusive); the message shows the limit as MM/DD/YYYY. */
export function dateAfter(limit: DateInput): MessageValidator {
  return dateBound(limit, VALIDATION_MESSAGES.dateAfter, (day, bound) => !day.isBefore(bound));
}

// --- Identifiers ------------------------------------------------------------------

/** Prefix that turns an NPI into an ISO card number (health industry, USA) for the Luhn test. */
const NPI_LUHN_PREFIX = '80840';

/** Luhn check digit for a digit string: double every second digit from the right. */
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
    const digit = Number(payload[payload.length - 1 - i]);
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

/** National Provider Identifier: 10 digits whose last is the Luhn check digit of 80840 + the first 9. */
export function npi(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = textOf(value);
  if (text === null || !/^\d{10}$/.test(text)) return false;
  return luhnCheckDigit(NPI_LUHN_PREFIX + text.slice(0, 9)) === Number(text[9]);
}

// --- Custom ------------------------------------------------------------------------

/** A custom expression with its own message. Global/sticky flags are dropped so repeated checks agree. */
export function regex(pattern: RegExp | string, message: string): MessageValidator {
  const expression =
    typeof pattern === 'string'
      ? new RegExp(pattern)
      : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return textRule(message, (text) => expression.test(text));
}

// --- Constraint lists ----------------------------------------------------------------

/**
 * One rule on a field, as forms declare them, e.g.
 * `[{ name: 'required' }, { name: 'maxLength', value: 50 }]`.
 * For cardExpiration the value is `now`; for dateBefore/dateAfter it is the limit.
 */
export type Constraint =
  | {
      name:
        | 'required'
        | 'booleanRequired'
        | 'number'
        | 'phone'
        | 'fax'
        | 'email'
        | 'url'
        | 'zipShort'
        | 'zipLong'
        | 'date'
        | 'npi'
        | 'dea';
    }
  | {
      name: 'max' | 'min' | 'minLength' | 'maxLength' | 'exactLength' | 'lessThan' | 'greaterThan';
      value: number;
    }
  | { name: 'dateBefore' | 'dateAfter' | 'cardExpiration'; value: DateInput }
  | { name: 'regex'; value: RegExp | string; message: string };

export type ConstraintName = Constraint['name'];

/** The validator for one constraint. Throws for a name it does not know: a misspelt rule is a bug, not a pass. */
export function validatorFor(constraint: Constraint): Validator {
  switch (constraint.name) {
    case 'required':
      return required;
    case 'booleanRequired':
      return booleanRequired;
    case 'number':
      return number;
    case 'phone':
      return phone;
    case 'fax':
      return fax;
    case 'email':
      return email;
    case 'url':
      return url;
    case 'zipShort':
      return zipShort;
    case 'zipLong':
      return zipLong;
    case 'date':
      return date;
    case 'npi':
      return npi;
    case 'dea':
      return dea;
    case 'max':
      return max(constraint.value);
    case 'min':
      return min(constraint.value);
    case 'minLength':
      return minLength(constraint.value);
    case 'maxLength':
      return maxLength(constraint.value);
    case 'exactLength':
      return exactLength(constraint.value);
    case 'lessThan':
      return lessThan(constraint.value);
    case 'greaterThan':
      return greaterThan(constraint.value);
    case 'dateBefore':
      return dateBefore(constraint.value);
    case 'dateAfter':
      return dateAfter(constraint.value);
    case 'cardExpiration':
      return cardExpiration(constraint.value);
    case 'regex':
      return regex(constraint.value, constraint.message);
    default: {
      // Constraint lists can come from stored form definitions, so guard at run time.
      const unknownName = String((constraint as { name: unknown }).name);
      throw new Error(`Unknown validation constraint: ${unknownName}`);
    }
  }
}

/**
 * Runs the constraints in order and returns the first failure, or true.
 * Every constraint is resolved first, so an unknown name throws whatever the value.
 */
export function validate(value: unknown, constraints: readonly Constraint[]): ValidationResult {
  return runAll(constraints.map(validatorFor), value);
}

function runAll(validators: readonly Validator[], value: unknown): ValidationResult {
  for (const validator of validators) {
    const result = validator(value);
    if (result !== true) return result;
  }
  return true;
}

/**
 * A constraint list as `(value) => true | string`, the shape react-hook-form's
 * `validate` takes (and a zod `superRefine` can use: add an issue unless true).
 * A failure without a message (npi) becomes `silentMessage`, by default '',
 * which react-hook-form still treats as an error. Unknown names throw here,
 * when the form is built, not on first input.
 */
export function toFieldValidator(
  constraints: readonly Constraint[],
  silentMessage = '',
): MessageValidator {
  const validators = constraints.map(validatorFor);
  return (value) => {
    const result = runAll(validators, value);
    return result === false ? silentMessage : result;
  };
}
