import {
  AMOUNT_MESSAGE,
  COINSURANCE_MESSAGE,
  confirmationProblems,
  COUNT_MESSAGE,
  date,
  parseMoneyToCents,
  preAuthProblems,
  VALIDATION_MESSAGES,
  type FieldProblem,
} from '@openpractice/domain';

import { wireText } from '../lib/changed-fields';
import { usDateOf, wireDateOf } from '../lib/dates';
import type { ConfirmationInput, PreAuthInput } from './api/authorizations';
import type { BenefitsConfirmation, PreAuth } from './api/types';

/**
 * The pre-authorization and benefits confirmation dialogs' values as typed
 * (dates MM/DD/YYYY, money in dollars, counts as text) and what they send.
 * Problems are found with the domain's rules before anything is sent.
 */

export interface PreAuthFormValues {
  authNumber: string;
  authDate: string;
  startDate: string;
  endDate: string;
  visitsAuthorized: string;
  cptCodes: string[];
  notes: string;
}

export function preAuthFormValues(preAuth: PreAuth | null, today: string): PreAuthFormValues {
  return {
    authNumber: preAuth?.authNumber ?? '',
    authDate: usDateOf(preAuth?.authDate ?? today),
    startDate: usDateOf(preAuth?.startDate),
    endDate: usDateOf(preAuth?.endDate),
    visitsAuthorized:
      preAuth?.visitsAuthorized === null || !preAuth ? '' : String(preAuth.visitsAuthorized),
    cptCodes: preAuth?.cptCodes ?? [],
    notes: preAuth?.notes ?? '',
  };
}

/** A typed whole number: null when blank, NaN when it is not one (the rules then refuse it). */
function countOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Typed dollars as cents: null when blank, NaN when not an amount. */
function centsOf(text: string): number | null {
  if (text.trim() === '') return null;
  return parseMoneyToCents(text) ?? Number.NaN;
}

/** Cents as dollars for the field ('25.00'); blank for none. */
export function dollarsOf(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}

export function preAuthInputOf(values: PreAuthFormValues, preAuthId?: number): PreAuthInput {
  return {
    ...(preAuthId === undefined ? {} : { preAuthId }),
    authNumber: values.authNumber.trim(),
    authDate: wireDateOf(values.authDate),
    startDate: wireDateOf(values.startDate),
    endDate: wireDateOf(values.endDate),
    visitsAuthorized: countOf(values.visitsAuthorized),
    cptCodes: values.cptCodes,
    notes: wireText(values.notes),
  };
}

function typedDateProblems<T extends string>(
  values: Record<T, string>,
  fields: readonly T[],
): FieldProblem[] {
  return fields.flatMap((field) => {
    const result = date(values[field].trim());
    return result === true ? [] : [{ field, message: result }];
  });
}

export function preAuthFormProblems(values: PreAuthFormValues): FieldProblem[] {
  const dates = typedDateProblems(values, ['authDate', 'startDate', 'endDate'] as const);
  if (dates.length > 0) return dates;
  const input = preAuthInputOf(values);
  if (input.visitsAuthorized !== null && Number.isNaN(input.visitsAuthorized)) {
    return [{ field: 'visitsAuthorized', message: VALIDATION_MESSAGES.number }];
  }
  return preAuthProblems(input);
}

export interface ConfirmationFormValues {
  authDate: string;
  referenceNumber: string;
  representative: string;
  copay: string;
  coinsurancePercent: string;
  deductible: string;
  deductibleRemaining: string;
  visitsPerYear: string;
  notes: string;
}

export function confirmationFormValues(
  confirmation: BenefitsConfirmation | null,
  today: string,
): ConfirmationFormValues {
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    authDate: usDateOf(confirmation?.authDate ?? today),
    referenceNumber: confirmation?.referenceNumber ?? '',
    representative: confirmation?.representative ?? '',
    copay: dollarsOf(confirmation?.copayCents),
    coinsurancePercent: count(confirmation?.coinsurancePercent),
    deductible: dollarsOf(confirmation?.deductibleCents),
    deductibleRemaining: dollarsOf(confirmation?.deductibleRemainingCents),
    visitsPerYear: count(confirmation?.visitsPerYear),
    notes: confirmation?.notes ?? '',
  };
}

export function confirmationInputOf(
  values: ConfirmationFormValues,
  confirmationId?: number,
): ConfirmationInput {
  return {
    ...(confirmationId === undefined ? {} : { confirmationId }),
    authDate: wireDateOf(values.authDate),
    referenceNumber: wireText(values.referenceNumber),
    representative: wireText(values.representative),
    copayCents: centsOf(values.copay),
    coinsurancePercent: countOf(values.coinsurancePercent),
    deductibleCents: centsOf(values.deductible),
    deductibleRemainingCents: centsOf(values.deductibleRemaining),
    visitsPerYear: countOf(values.visitsPerYear),
    notes: wireText(values.notes),
  };
}

/** The form's field of each wire field, so a problem lands under the right input. */
export const CONFIRMATION_FORM_FIELD: Record<string, keyof ConfirmationFormValues> = {
  authDate: 'authDate',
  copayCents: 'copay',
  coinsurancePercent: 'coinsurancePercent',
  deductibleCents: 'deductible',
  deductibleRemainingCents: 'deductibleRemaining',
  visitsPerYear: 'visitsPerYear',
  referenceNumber: 'referenceNumber',
  representative: 'representative',
  notes: 'notes',
};

export function confirmationFormProblems(values: ConfirmationFormValues): FieldProblem[] {
  const dates = typedDateProblems(values, ['authDate'] as const);
  if (dates.length > 0) return dates;
  const input = confirmationInputOf(values);
  // Text that is not a number at all gets the same message as a number out of range.
  const unreadable: FieldProblem[] = [];
  for (const [field, message] of [
    ['copayCents', AMOUNT_MESSAGE],
    ['deductibleCents', AMOUNT_MESSAGE],
    ['deductibleRemainingCents', AMOUNT_MESSAGE],
    ['coinsurancePercent', COINSURANCE_MESSAGE],
    ['visitsPerYear', COUNT_MESSAGE],
  ] as const) {
    if (Number.isNaN(input[field])) unreadable.push({ field, message });
  }
  const problems = unreadable.length > 0 ? unreadable : confirmationProblems(input);
  return problems.map((p) => ({ ...p, field: CONFIRMATION_FORM_FIELD[p.field] ?? p.field }));
}
