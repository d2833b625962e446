import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';

import { CardPaymentChoice } from '../cards/card-payment-choice';
import { AmountField } from './amount-field';
import type { PortalAccount, PortalPaymentAnswer } from './api';
import { usePortalPayment } from './use-portal-payment';

export type PortalPaid = PortalPaymentAnswer & { amountCents: number };

/**
 * Paying all or part of one's balance by card: the amount (at most the balance), the card (a
 * saved one, or one typed now on the practice's processor: Stripe's fields, or the local test
 * processor's, which say that no money moves), then Pay. The oldest charges are paid first.
 */
export function PortalPaymentForm({
  account,
  onPaid,
}: {
  account: PortalAccount;
  onPaid: (paid: PortalPaid) => void;
}) {
  const form = usePortalPayment(account, onPaid);
  const noCard = form.cards.length === 0 && !form.processor;
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 520 }}
      aria-labelledby="portal-pay-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Typography component="h2" variant="h6" id="portal-pay-heading">
        Pay your balance
      </Typography>
      {form.formError !== null && (
        <Alert severity="error" role="alert">
          {form.formError}
        </Alert>
      )}
      <AmountField
        value={form.amount}
        onChange={form.setAmount}
        error={form.errorOn('amountCents')}
        helperText={`Pay all or part of your balance, up to ${formatMoney(account.payableCents)}. Your oldest charges are paid first.`}
      />
      {noCard ? (
        <Alert severity="info">
          The practice does not take cards online yet. Please ask them how to pay.
        </Alert>
      ) : (
        <CardPaymentChoice
          cards={form.cards}
          processor={form.processor}
          choice={form.choice}
          onChoice={form.setChoice}
          card={form.card}
          onCard={form.setCard}
          errorOn={form.errorOn}
          amountCents={form.cents}
          onStripeTokeniser={form.setStripeTokeniser}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        loading={form.busy}
        disabled={noCard}
        sx={{ alignSelf: 'flex-start' }}
      >
        {form.cents > 0 ? `Pay ${formatMoney(form.cents)}` : 'Pay'}
      </Button>
    </Stack>
  );
}
