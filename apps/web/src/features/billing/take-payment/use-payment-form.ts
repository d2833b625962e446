import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useRecordPayment, type ClientLedger, type PaymentBody } from '../api';
import { useCardPart } from '../cards/use-card-part';
import { dueNow, openCharges, splitPayment } from '../logic/allocation';
import { centsToInput, readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';

const FIELDS = [
  'amountCents',
  'method',
  'reference',
  'notation',
  'allocations',
  'leaveCredit',
  // A card's own refusals (the processor's words) show on the card part.
  'cardId',
  'token',
  'number',
  'expiration',
  'cvc',
];

export type Recorded = { amountCents: number; ledger: ClientLedger };

/**
 * The payment form's state and its submission. The amount starts at what is due now; the
 * money pays the checked charges oldest first; the idempotency key is made once per form (the
 * page mounts a new form for each payment), so a double click or a retry is one payment.
 */
export function usePaymentForm(
  patientId: number,
  ledger: ClientLedger,
  onRecorded: (recorded: Recorded) => void,
) {
  const record = useRecordPayment(patientId);
  const charges = openCharges(ledger.entries);
  const due = dueNow(ledger.balanceCents, charges);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => centsToInput(due));
  const [method, setMethod] = useState<PaymentBody['method']>('cash');
  const [reference, setReference] = useState('');
  const [notation, setNotation] = useState('');
  const [chosen, setChosen] = useState(() => new Set(charges.map((c) => c.chargeId)));
  const [leaveCredit, setLeaveCredit] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const card = useCardPart(patientId, method === 'card');

  const money = readMoney(amount);
  const cents = money.cents ?? 0;
  const split = splitPayment(
    cents,
    charges.filter((c) => chosen.has(c.chargeId)),
  );

  const toggle = (chargeId: number) => {
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(chargeId)) next.add(chargeId);
      return next;
    });
  };

  const submit = () => {
    if (record.isPending || card.busy) return;
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    // Anything over the chosen charges is sent as it is: the server decides (leaveCredit).
    const body: PaymentBody = {
      amountCents: money.cents,
      source: 'client',
      method,
      allocations: split.allocations,
      leaveCredit,
      idempotencyKey,
    };
    if (reference.trim() !== '') body.reference = reference.trim();
    if (notation.trim() !== '') body.notation = notation.trim();
    if (method === 'card') {
      const { amountCents, allocations, notation: note } = body;
      card
        .pay({ amountCents, allocations, leaveCredit, idempotencyKey, notation: note })
        .then((answer) => {
          onRecorded({ amountCents, ledger: answer.data });
        })
        .catch((failure: unknown) => {
          // A refused card wrote nothing: the next try (another card) is a new submission,
          // which the processor must not take for a replay of this one.
          if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
            setIdempotencyKey(crypto.randomUUID());
          setError(formErrorOf(failure, FIELDS));
        });
      return;
    }
    record.mutate(body, {
      onSuccess: (answer) => {
        onRecorded({ amountCents: money.cents, ledger: answer.data });
      },
      onError: (failure) => {
        setError(formErrorOf(failure, FIELDS));
      },
    });
  };

  return {
    values: { amount, method, reference, notation, chosen, leaveCredit },
    set: { amount: setAmount, method: setMethod, reference: setReference, notation: setNotation },
    setLeaveCredit,
    toggle,
    charges,
    due,
    cents,
    split,
    submit,
    busy: record.isPending || card.busy,
    card,
    /** The server's or the form's message for `field`, or null. */
    errorOn: (field: string) => (error?.field === field ? error.message : null),
    /** A refusal that names no field of the form. */
    formError: error?.field === null ? error.message : null,
  };
}
