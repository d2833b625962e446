import { formatUsDate } from '@openpractice/domain';

import type { LedgerEntry } from '../api';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  allocation: 'Applied',
  adjustment: 'Adjustment',
  refund: 'Refund',
};

export const METHOD_LABELS: Record<NonNullable<LedgerEntry['paymentMethod']>, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  external_card: 'External card',
  era: 'Insurance remittance',
};

export const ADJUSTMENT_LABELS: Record<NonNullable<LedgerEntry['adjustmentKind']>, string> = {
  discount: 'Discount',
  writeoff: 'Write-off',
  contractual: 'Contractual',
  transfer: 'Transfer to client',
};

/** The kind column: a reversal says so, whatever it reverses. */
export function kindLabel(entry: Pick<LedgerEntry, 'kind' | 'reversesId'>): string {
  return entry.reversesId === null
    ? KIND_LABELS[entry.kind]
    : `${KIND_LABELS[entry.kind]} reversal`;
}

/** The day an entry belongs to: a charge's date of service, else the day it was recorded. */
export function entryDate(
  entry: Pick<LedgerEntry, 'kind' | 'dateOfService' | 'createdAt'>,
): string {
  return formatUsDate(
    entry.kind === 'charge' && entry.dateOfService ? entry.dateOfService : entry.createdAt,
  );
}

type Described = Pick<
  LedgerEntry,
  | 'entryId'
  | 'kind'
  | 'reversesId'
  | 'cptCode'
  | 'units'
  | 'dateOfService'
  | 'paymentSource'
  | 'paymentMethod'
  | 'reference'
  | 'chargeId'
  | 'paymentId'
  | 'adjustmentKind'
  | 'notation'
  | 'createdAt'
>;

/** A charge as people name it: its service and day ('90834 of 11/20/2026'). */
function chargeName(charge: Described | undefined): string {
  if (!charge) return 'a charge';
  const service = charge.cptCode ?? 'Session';
  return charge.dateOfService ? `${service} of ${formatUsDate(charge.dateOfService)}` : service;
}

function paymentName(payment: Described | undefined): string {
  if (!payment) return 'a payment';
  const method = payment.paymentMethod ? METHOD_LABELS[payment.paymentMethod].toLowerCase() : '';
  return `the ${method} payment of ${formatUsDate(payment.createdAt)}`.replace('the  ', 'the ');
}

function ownDescription(entry: Described, byId: ReadonlyMap<number, Described>): string {
  switch (entry.kind) {
    case 'charge': {
      const units = entry.units !== null && entry.units > 1 ? ` × ${entry.units} units` : '';
      return `${entry.cptCode ?? 'Session'}${units}`;
    }
    case 'payment': {
      const source = entry.paymentSource === 'insurance' ? 'Insurance' : 'Client';
      const method = entry.paymentMethod ? METHOD_LABELS[entry.paymentMethod] : 'Payment';
      const reference = entry.reference ? ` · ref. ${entry.reference}` : '';
      return `${method} (${source.toLowerCase()})${reference}`;
    }
    case 'allocation':
      return `Applied to ${chargeName(entry.chargeId === null ? undefined : byId.get(entry.chargeId))}`;
    case 'adjustment': {
      const kind = entry.adjustmentKind ? ADJUSTMENT_LABELS[entry.adjustmentKind] : 'Adjustment';
      return `${kind} on ${chargeName(entry.chargeId === null ? undefined : byId.get(entry.chargeId))}`;
    }
    case 'refund':
      return `Refund of ${paymentName(entry.paymentId === null ? undefined : byId.get(entry.paymentId))}`;
  }
}

/**
 * The description column: the service for a charge, the method and reference for a payment,
 * the kind for an adjustment, what a refund or allocation belongs to; a reversal names the
 * entry it undoes; the notation follows after a dash.
 */
export function describeEntry(entry: Described, byId: ReadonlyMap<number, Described>): string {
  const original = entry.reversesId === null ? undefined : byId.get(entry.reversesId);
  const text = original
    ? `Reverses ${ownDescription(original, byId).replace(/^./, (c) => c.toLowerCase())}`
    : ownDescription(entry, byId);
  return entry.notation ? `${text} — ${entry.notation}` : text;
}
