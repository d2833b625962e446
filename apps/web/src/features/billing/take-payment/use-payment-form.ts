import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useRecordPayment, type DueNow, type PaymentAnswer, type PaymentBody } from '../api';
import { useCardPart } from '../cards/use-card-part';
import { splitPayment, type OpenCharge } from '../logic/allocation';
import { centsToInput, readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';

const FIELDS = [
  'amountCents',
  'method',
  'reference',
  'notation',
  'allocations',
  'leaveCredit',
  'emailReceipt',
  // A card's own refusals (the processor's words) show on the card part.
  'cardId',
  'token',
  'number',
  'expiration',
  'cvc',
];

export type Recorded = {
  amountCents: number;
  /** Where the payment leaves the client. */
  standing: PaymentAnswer['data'];
  receipt: PaymentAnswer['receipt'];
};

/** The charges the payment pays: every open one to start; each may be unchecked. */
function useChosenCharges(charges: readonly OpenCharge[]) {
  const [chosen, setChosen] = useState(() => new Set(charges.map((c) => c.chargeId)));
  const toggle = (chargeId: number) => {
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(chargeId)) next.add(chargeId);
      return next;
    });
  };
  return { chosen, toggle };
}

/**
 * The payment form's state and its submission. The amount starts at what is due now (the
 * server's figure, today's copay included); the money pays the checked charges oldest first,
 * and what is due for today's sessions not yet charged starts as credit, since it has no
 * charge to go to. The idempotency key is made once per form (the page mounts a new form for
 * each payment), so a double click or a retry is one payment. `cardOnly` (the virtual
 * terminal) takes a card through the processor and nothing else.
 */
export function usePaymentForm(
  patientId: number,
  due: DueNow,
  onRecorded: (recorded: Recorded) => void,
  options: { cardOnly?: boolean } = {},
) {
  const record = useRecordPayment(patientId);
  const charges = due.openCharges;
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => centsToInput(due.dueNowCents));
  const [method, setMethod] = useState<PaymentBody['method']>(options.cardOnly ? 'card' : 'cash');
  const [reference, setReference] = useState('');
  const [notation, setNotation] = useState('');
  const { chosen, toggle } = useChosenCharges(charges);
  const [leaveCredit, setLeaveCredit] = useState(
    () => splitPayment(due.dueNowCents, charges).leftoverCents > 0,
  );
  const [emailReceipt, setEmailReceipt] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const card = useCardPart(patientId, method === 'card');

  const money = readMoney(amount);
  const cents = money.cents ?? 0;
  const split = splitPayment(
    cents,
    charges.filter((c) => chosen.has(c.chargeId)),
  );

  const submit = () => {
    if (record.isPending || card.busy) return;
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    // Anything over the chosen charges is sent as it is: the server decides (leaveCredit).
    const payment = {
      amountCents: money.cents,
      allocations: split.allocations,
      leaveCredit,
      idempotencyKey,
      emailReceipt,
      ...(notation.trim() === '' ? {} : { notation: notation.trim() }),
    };
    const recorded = (answer: PaymentAnswer) => {
      onRecorded({
        amountCents: payment.amountCents,
        standing: answer.data,
        receipt: answer.receipt,
      });
    };
    if (method === 'card') {
      card
        .pay(payment)
        .then(recorded)
        .catch((failure: unknown) => {
          // A refused card wrote nothing: the next try (another card) is a new submission,
          // which the processor must not take for a replay of this one.
          if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
            setIdempotencyKey(crypto.randomUUID());
          setError(formErrorOf(failure, FIELDS));
        });
      return;
    }
    const body: PaymentBody = {
      ...payment,
      source: 'client',
      method,
      ...(reference.trim() === '' ? {} : { reference: reference.trim() }),
    };
    record.mutate(body, {
      onSuccess: recorded,
      onError: (failure) => {
        setError(formErrorOf(failure, FIELDS));
      },
    });
  };

  return {
    values: { amount, method, reference, notation, chosen, leaveCredit, emailReceipt },
    set: { amount: setAmount, method: setMethod, reference: setReference, notation: setNotation },
    setLeaveCredit,
    setEmailReceipt,
    toggle,
    charges,
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
