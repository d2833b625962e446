import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useId } from 'react';

import type { DueNow, PaymentBody } from '../api';
import { balanceAfter } from '../logic/allocation';
import { readMoney } from '../logic/money-input';
import { dueNowHint } from '../logic/payment-text';
import { MoneyField } from '../parts/money-field';
import { NotationField } from '../parts/notation-field';
import { CardPaymentChoice } from '../cards/card-payment-choice';
import { ChargeChoice } from './charge-choice';
import { ReceiptField } from './receipt-field';
import { usePaymentForm, type Recorded } from './use-payment-form';

export type { Recorded } from './use-payment-form';

/** How the client pays; 'Card' charges a card through the practice's card processor. */
const METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'external_card', label: 'Card, taken on another terminal' },
] as const satisfies readonly { value: PaymentBody['method']; label: string }[];

type Form = ReturnType<typeof usePaymentForm>;

function MethodField({ form }: { form: Form }) {
  const labelId = useId();
  const error = form.errorOn('method');
  return (
    <FormControl error={error !== null}>
      <FormLabel id={labelId}>Method</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={form.values.method}
        onChange={(event) => {
          form.set.method(event.target.value as PaymentBody['method']);
        }}
      >
        {METHODS.map((m) => (
          <FormControlLabel key={m.value} value={m.value} control={<Radio />} label={m.label} />
        ))}
      </RadioGroup>
      <FormHelperText>
        {error ?? 'Card charges a saved card or a card entered now through the card processor.'}
      </FormHelperText>
    </FormControl>
  );
}

/** Leave the rest as credit: needed when the amount is more than the chosen charges owe. */
function CreditField({ form }: { form: Form }) {
  const error = form.errorOn('leaveCredit');
  const leftover = form.split.leftoverCents;
  return (
    <FormControl error={error !== null}>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.values.leaveCredit}
            onChange={(event) => {
              form.setLeaveCredit(event.target.checked);
            }}
          />
        }
        label="Leave the rest as credit"
      />
      <FormHelperText>
        {error ??
          (leftover > 0
            ? `${formatMoney(leftover)} is more than the chosen charges owe: check this to keep it as credit.`
            : 'Needed only when the amount is more than the chosen charges owe.')}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * The payment: amount (due now to start), method, reference, a notation for the statement, the
 * charges it pays, whether the rest is credit and whether to email a receipt. The server's
 * refusals show on the field they name. `cardOnly` (the virtual terminal) asks only for the
 * card: no method to choose and no reference (the card is its own).
 */
export function PaymentForm({
  patientId,
  due,
  onRecorded,
  cardOnly = false,
}: {
  patientId: number;
  due: DueNow;
  onRecorded: (recorded: Recorded) => void;
  cardOnly?: boolean;
}) {
  const form = usePaymentForm(patientId, due, onRecorded, { cardOnly });
  const text = (field: 'reference') => (event: { target: { value: string } }) => {
    form.set[field](event.target.value);
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      sx={{ maxWidth: 560 }}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      {form.formError !== null && <Alert severity="error">{form.formError}</Alert>}
      <MoneyField
        name="amount"
        label="Amount"
        value={form.values.amount}
        onChange={form.set.amount}
        error={form.errorOn('amountCents')}
        helperText={dueNowHint(due)}
      />
      {!cardOnly && <MethodField form={form} />}
      {form.values.method === 'card' && (
        <CardPaymentChoice
          cards={form.card.cards}
          processor={form.card.processor}
          choice={form.card.choice}
          onChoice={form.card.setChoice}
          card={form.card.card}
          onCard={form.card.setCard}
          errorOn={form.errorOn}
          amountCents={readMoney(form.values.amount).cents ?? 0}
          onStripeTokeniser={form.card.setStripeTokeniser}
        />
      )}
      {!cardOnly && (
        <TextField
          label="Reference (optional)"
          value={form.values.reference}
          onChange={text('reference')}
          error={form.errorOn('reference') !== null}
          helperText={
            form.errorOn('reference') ?? 'A check number or the other terminal’s receipt number.'
          }
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      )}
      <NotationField
        value={form.values.notation}
        onChange={form.set.notation}
        error={form.errorOn('notation')}
        hint="Printed on the client’s statement."
      />
      <ChargeChoice
        charges={form.charges}
        chosen={form.values.chosen}
        split={form.split}
        error={form.errorOn('allocations')}
        onToggle={form.toggle}
      />
      <CreditField form={form} />
      <ReceiptField
        checked={form.values.emailReceipt}
        onChange={form.setEmailReceipt}
        error={form.errorOn('emailReceipt')}
      />
      <Typography>
        Balance after this payment:{' '}
        <strong>{formatMoney(balanceAfter(due.balanceCents, form.cents))}</strong>
      </Typography>
      <Button
        type="submit"
        variant="contained"
        loading={form.busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {cardOnly ? 'Charge the card' : 'Record payment'}
      </Button>
    </Stack>
  );
}
