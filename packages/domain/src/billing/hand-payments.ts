import type { PaymentMethod, PaymentSource } from './ledger.ts';

/**
 * Which methods staff may record by hand for each payer (issue 19 item 2, decided in
 * docs/billing-api.md). 'era' is never keyed: it is what an ERA posts, and the claims issue
 * posts those from the 835 itself. An insurer's money keyed by hand arrives as a paper check
 * (EFTs come with their ERA), so insurance takes 'check' only, with its number as reference.
 */
export const HAND_PAYMENT_METHODS = {
  client: ['cash', 'check', 'card', 'external_card'],
  insurance: ['check'],
} as const satisfies Record<PaymentSource, readonly PaymentMethod[]>;

export const HAND_PAYMENT_MESSAGES = {
  method: 'That payment method cannot be recorded by hand for this payer.',
  insuranceReference: 'Enter the insurer’s check or payment number.',
} as const;

/** What is wrong with a payment keyed by staff, by field; null when it may be recorded. */
export function handPaymentProblem(payment: {
  source: PaymentSource;
  method: PaymentMethod;
  reference?: string | undefined;
}): { field: 'method' | 'reference'; message: string } | null {
  const allowed: readonly PaymentMethod[] = HAND_PAYMENT_METHODS[payment.source];
  if (!allowed.includes(payment.method))
    return { field: 'method', message: HAND_PAYMENT_MESSAGES.method };
  if (payment.source === 'insurance' && (payment.reference ?? '').trim() === '')
    return { field: 'reference', message: HAND_PAYMENT_MESSAGES.insuranceReference };
  return null;
}
