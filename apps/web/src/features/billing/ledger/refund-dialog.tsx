import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useRefundPayment, type LedgerEntry, type RefundBody } from '../api';
import { readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';
import { ActionDialog } from '../parts/action-dialog';
import { NotationField } from '../parts/notation-field';
import { MoneyField } from '../parts/money-field';

const FIELDS = ['amountCents', 'notation'] as const;

/**
 * A refund of one payment, full or partial. The idempotency key is made once when the dialog
 * opens (it is mounted per opening), so a double click or a retry refunds once.
 */
export function RefundDialog({
  patientId,
  payment,
  paymentName,
  refundableCents,
  onClose,
}: {
  patientId: number;
  payment: LedgerEntry;
  paymentName: string;
  refundableCents: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refund = useRefundPayment(patientId);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [notation, setNotation] = useState('');
  const [error, setError] = useState<FormError | null>(null);

  const submit = () => {
    const money = readMoney(amount, refundableCents);
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    const body: RefundBody & { paymentId: number } = {
      paymentId: payment.entryId,
      amountCents: money.cents,
      idempotencyKey,
    };
    if (notation.trim() !== '') body.notation = notation.trim();
    refund.mutate(body, {
      onSuccess: () => {
        notify.success(`Refunded ${formatMoney(money.cents)}.`);
        onClose();
      },
      onError: (failure) => {
        setError(formErrorOf(failure, FIELDS));
      },
    });
  };

  const on = (field: string) => (error?.field === field ? error.message : null);
  return (
    <ActionDialog
      open
      title="Refund a payment"
      submitLabel="Refund"
      busy={refund.isPending}
      error={error && error.field === null ? error.message : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        {paymentName}: {formatMoney(payment.amountCents)}, of which {formatMoney(refundableCents)}{' '}
        may be refunded. What the payment paid is taken back from its charges first.
      </Typography>
      <MoneyField
        name="amount"
        label="Refund amount"
        autoFocus
        value={amount}
        onChange={setAmount}
        error={on('amountCents')}
        helperText={`Up to ${formatMoney(refundableCents)}.`}
      />
      <NotationField value={notation} onChange={setNotation} error={on('notation')} />
    </ActionDialog>
  );
}
