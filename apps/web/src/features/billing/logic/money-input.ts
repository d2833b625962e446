import { formatMoney, parseMoneyToCents } from '@openpractice/domain';

/** The largest amount the API takes (a 32-bit integer of cents, as the contracts' whole numbers). */
export const MAX_CENTS = 2_147_483_647;

export const MONEY_MESSAGES = {
  required: 'Enter an amount.',
  negative: 'Enter an amount greater than zero; negative amounts are not taken.',
  fractionalCents: 'Enter whole cents: at most two digits after the point.',
  notAnAmount: 'Enter an amount such as 20 or 20.50.',
  zero: 'Enter an amount greater than zero.',
  tooLarge: (max: number) => `Enter at most ${formatMoney(max)}.`,
} as const;

export type MoneyInput =
  { cents: number; error?: undefined } | { cents?: undefined; error: string };

/**
 * A typed amount as whole cents, or the reason it is refused, checked before anything is sent
 * (the server refuses the same, but a person should read why at the field). parseMoneyToCents
 * answers only null for a refusal, so the common mistakes are told apart here to say which.
 */
export function readMoney(text: string, max = MAX_CENTS): MoneyInput {
  const trimmed = text.trim();
  if (trimmed === '') return { error: MONEY_MESSAGES.required };
  if (trimmed.includes('-')) return { error: MONEY_MESSAGES.negative };
  const cents = parseMoneyToCents(trimmed);
  if (cents === null) {
    return /\.\d{3,}$/.test(trimmed.replace(/[\s,$]/g, ''))
      ? { error: MONEY_MESSAGES.fractionalCents }
      : { error: MONEY_MESSAGES.notAnAmount };
  }
  if (cents === 0) return { error: MONEY_MESSAGES.zero };
  if (cents > max) return { error: MONEY_MESSAGES.tooLarge(max) };
  return { cents };
}

/** Cents as the text a money field starts with ('20.50'; no symbol or separators to edit round). */
export function centsToInput(cents: number): string {
  if (cents <= 0) return '';
  return (cents / 100).toFixed(2);
}
