import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useId, useState } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useRefundPayment, type LedgerEntry } from '../api';
import { useRefundToCard } from '../cards/api';
import { readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';
import { ActionDialog } from '../parts/action-dialog';
import { NotationField } from '../parts/notation-field';
import { MoneyField } from '../parts/money-field';

const FIELDS = ['amountCents', 'notation'] as const;

type Destination = 'card' | 'hand';

/** Where the money goes back: the card (through the processor that charged it) or by hand. */
function DestinationField({
  payment,
  value,
  onChange,
}: {
  payment: LedgerEntry;
  value: Destination;
  onChange: (value: Destination) => void;
}) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>Refund to</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => {
          onChange(event.target.value as Destination);
        }}
      >
        <FormControlLabel
          value="card"
          control={<Radio />}
          label={`The original card${payment.reference ? ` (${payment.reference})` : ''}`}
        />
        <FormControlLabel value="hand" control={<Radio />} label="Cash or check, given by hand" />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * A refund of one payment, full or partial. A payment charged through the card processor goes
 * back to its card by default (the processor refunds it, and its refusal shows in its own
 * words); any other payment, or one the person chooses to settle by hand, is recorded as
 * given back in cash or by check. The idempotency key is made once when the dialog opens (it
 * is mounted per opening), so a double click or a retry refunds once.
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
  const byHand = useRefundPayment(patientId);
  const toCard = useRefundToCard(patientId);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [destination, setDestination] = useState<Destination>(
    payment.byCardProcessor ? 'card' : 'hand',
  );
  const [amount, setAmount] = useState('');
  const [notation, setNotation] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const refund = destination === 'card' ? toCard : byHand;

  const submit = () => {
    const money = readMoney(amount, refundableCents);
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    const body = {
      paymentId: payment.entryId,
      amountCents: money.cents,
      idempotencyKey,
      ...(notation.trim() === '' ? {} : { notation: notation.trim() }),
    };
    refund.mutate(body, {
      onSuccess: () => {
        notify.success(
          destination === 'card'
            ? `Refunded ${formatMoney(money.cents)} to the card.`
            : `Refunded ${formatMoney(money.cents)}.`,
        );
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
      busy={byHand.isPending || toCard.isPending}
      error={error && error.field === null ? error.message : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        {paymentName}: {formatMoney(payment.amountCents)}, of which {formatMoney(refundableCents)}{' '}
        may be refunded. What the payment paid is taken back from its charges first.
      </Typography>
      {payment.byCardProcessor ? (
        <DestinationField payment={payment} value={destination} onChange={setDestination} />
      ) : (
        <Typography color="text.secondary">
          The refund is given back by hand, in cash or by check.
        </Typography>
      )}
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
