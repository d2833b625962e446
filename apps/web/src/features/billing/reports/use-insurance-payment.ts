import { HAND_PAYMENT_MESSAGES } from '@openpractice/domain';
import { useState } from 'react';

import type { PickedClient } from '../../../ui/client-picker';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useClientLedger, useRecordPayment, type PaymentBody } from '../api';
import { openCharges, splitPayment } from '../logic/allocation';
import { readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';

const FIELDS = ['amountCents', 'reference', 'allocations', 'notation', 'method'] as const;

/**
 * An insurer's payment keyed by hand for one client (docs/billing-api.md: by hand it is a
 * check with its number; ERAs are posted by the claims work), applied to the sessions chosen;
 * anything over them stays on the account as credit. Sent once per dialog (its own key).
 */
export function useInsurancePayment(client: PickedClient, onDone: () => void) {
  const notify = useNotify();
  const ledger = useClientLedger(client.id);
  const record = useRecordPayment(client.id);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [notation, setNotation] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<FormError | null>(null);

  const charges = openCharges(ledger.data?.entries ?? []);
  const money = readMoney(amount);
  const split = splitPayment(
    money.cents ?? 0,
    charges.filter((c) => chosen.has(c.chargeId)),
  );
  const serverError = (field: string) => (failure?.field === field ? failure.message : null);

  const submit = () => {
    setChecked(true);
    setFailure(null);
    if (money.cents === undefined || reference.trim() === '') return;
    const body: PaymentBody = {
      amountCents: money.cents,
      source: 'insurance',
      method: 'check',
      reference: reference.trim(),
      allocations: split.allocations,
      leaveCredit: true,
      idempotencyKey,
    };
    if (notation.trim() !== '') body.notation = notation.trim();
    record.mutate(body, {
      onSuccess: () => {
        notify.success(`Insurance payment recorded for ${client.name}.`);
        onDone();
      },
      onError: (error) => {
        setFailure(formErrorOf(error, FIELDS));
      },
    });
  };

  return {
    ledgerLoaded: ledger.data !== undefined,
    charges,
    split,
    values: { amount, reference, notation, chosen },
    set: { amount: setAmount, reference: setReference, notation: setNotation },
    toggle: (chargeId: number) => {
      const next = new Set(chosen);
      if (!next.delete(chargeId)) next.add(chargeId);
      setChosen(next);
    },
    errors: {
      form: failure?.field === null ? failure.message : serverError('method'),
      amount: (checked ? money.error : undefined) ?? serverError('amountCents'),
      reference:
        (checked && reference.trim() === '' ? HAND_PAYMENT_MESSAGES.insuranceReference : null) ??
        serverError('reference'),
      allocations: serverError('allocations'),
      notation: serverError('notation'),
    },
    busy: record.isPending,
    submit,
  };
}
