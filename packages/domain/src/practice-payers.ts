/**
 * A practice's payers (spec-2 §3 Practice insurance): the rules for adding
 * and editing one. The web form and the server check with the same function.
 */
import { formatZip } from './formats.ts';
import { dayOf, isoDate, parseUsDate } from './dates.ts';
import {
  max,
  phone,
  regex,
  required,
  VALIDATION_MESSAGES,
  zipShort,
  type MessageValidator,
} from './validators.ts';

export const PAYER_LIMITS = { label: 60, payerId: 80, addressLine1: 100, city: 60 } as const;

export const PAYER_MESSAGES = {
  /**
   * X12 payer ids (NM109) are what the clearinghouse lists: usually five
   * characters, some longer, letters and digits with the odd dash. Spaces and
   * X12 delimiters (* ~ : ^) could break a claim file, so they are refused.
   */
  payerId: 'Please enter a payer ID of letters and digits (dashes allowed), e.g. 60054.',
  state: 'Please enter a two-letter state code, e.g. ME.',
  duplicate: 'A payer with that payer ID already exists.',
  notFound: 'We could not find that payer.',
} as const;

const PAYER_ID = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** The rules of each field on its own, as the form shows them. */
export const PAYER_FIELD_RULES = {
  label: [required, max(PAYER_LIMITS.label)],
  payerId: [required, max(PAYER_LIMITS.payerId), regex(PAYER_ID, PAYER_MESSAGES.payerId)],
  addressLine1: [max(PAYER_LIMITS.addressLine1)],
  city: [max(PAYER_LIMITS.city)],
  state: [regex(/^[A-Za-z]{2}$/, PAYER_MESSAGES.state)],
  zipcode: [zipShort],
  phone: [phone],
} as const satisfies Record<string, readonly MessageValidator[]>;

export type PayerTextField = keyof typeof PAYER_FIELD_RULES;

/** The parts of an address a claim needs (loop 2010BB N3/N4): all of them, or none. */
export const PAYER_ADDRESS_FIELDS = ['addressLine1', 'city', 'state', 'zipcode'] as const;

/** First failing rule of a field, or true. */
export function checkPayerField(field: PayerTextField, value: string): true | string {
  for (const rule of PAYER_FIELD_RULES[field]) {
    const result = rule(value.trim());
    if (result !== true) return result;
  }
  return true;
}

export interface PayerInput {
  label: string;
  payerId: string;
  addressLine1?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  phone?: string | null;
  /** ISO date or MM/DD/YYYY; empty: no end date. */
  endDate?: string | null;
  therapistSpecific?: boolean;
}

/** What is stored: trimmed text, upper-case ids and states, digits-only ZIP and phone. */
export interface PayerValues {
  label: string;
  payerId: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  endDate: string | null;
  therapistSpecific: boolean;
}

export type PayerField = PayerTextField | 'endDate';
export type PayerError = { field: PayerField; message: string };
export type PayerCheck = { ok: true; value: PayerValues } | { ok: false; errors: PayerError[] };

const text = (value: string | null | undefined) => (value ?? '').trim();
const orNull = (value: string) => (value === '' ? null : value);

/** An end date as ISO, from ISO or MM/DD/YYYY; null when blank, undefined when unreadable. */
export function parsePayerEndDate(value: string | null | undefined): string | null | undefined {
  const t = text(value);
  if (t === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    const day = dayOf(t);
    return day.isValid() && isoDate(day) === t ? t : undefined;
  }
  const us = parseUsDate(t);
  return us ? isoDate(us) : undefined;
}

/**
 * Checks a payer and gives the values to store, or every failing field. The
 * address is optional, but once any part is given all four parts are needed.
 */
export function validatePayer(input: PayerInput): PayerCheck {
  const errors: PayerError[] = [];
  const fields: Record<PayerTextField, string> = {
    label: text(input.label),
    payerId: text(input.payerId),
    addressLine1: text(input.addressLine1),
    city: text(input.city),
    state: text(input.state),
    zipcode: text(input.zipcode),
    phone: text(input.phone),
  };
  for (const field of Object.keys(fields) as PayerTextField[]) {
    const result = checkPayerField(field, fields[field]);
    if (result !== true) errors.push({ field, message: result });
  }
  if (PAYER_ADDRESS_FIELDS.some((f) => fields[f] !== '')) {
    for (const field of PAYER_ADDRESS_FIELDS) {
      if (fields[field] === '' && !errors.some((e) => e.field === field)) {
        errors.push({ field, message: VALIDATION_MESSAGES.required });
      }
    }
  }
  const endDate = parsePayerEndDate(input.endDate);
  if (endDate === undefined) errors.push({ field: 'endDate', message: VALIDATION_MESSAGES.date });
  if (errors.length > 0 || endDate === undefined) return { ok: false, errors };
  const digits = (s: string) => s.replace(/\D/g, '');
  const phoneDigits = digits(fields.phone);
  return {
    ok: true,
    value: {
      label: fields.label,
      payerId: fields.payerId.toUpperCase(),
      addressLine1: orNull(fields.addressLine1),
      city: orNull(fields.city),
      state: orNull(fields.state.toUpperCase()),
      zipcode: orNull(digits(fields.zipcode)),
      phone: orNull(phoneDigits.length === 11 ? phoneDigits.slice(1) : phoneDigits),
      endDate,
      therapistSpecific: input.therapistSpecific ?? false,
    },
  };
}

/** Payer ids compare without regard to case ('ab123' is 'AB123'). */
export function samePayerId(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** 'PO Box 14079, Lexington, KY 40512-4079'; '' when there is no address. */
export function payerAddressLine(payer: {
  addressLine1?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
}): string {
  const cityState = [payer.city, payer.state].filter((p) => p).join(', ');
  const place = [cityState, payer.zipcode ? formatZip(payer.zipcode) : '']
    .filter((p) => p)
    .join(' ');
  return [payer.addressLine1, place].filter((p) => p).join(', ');
}
