import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { receiptText } from '../logic/payment-text';
import type { Recorded } from './use-payment-form';

/**
 * What the person reads once the payment is in: the amount, the balance the server now has and
 * what became of the receipt they asked for. Shared by Take payment and the virtual terminal.
 */
export function PaymentConfirmation({
  patientId,
  recorded,
  onAnother,
  mayOpenLedger,
}: {
  patientId: number;
  recorded: Recorded;
  onAnother: () => void;
  /** "Back to billing" leads to the client's ledger, which the financial role opens. */
  mayOpenLedger: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the confirmation so a screen reader hears it and the keyboard starts there.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const receipt = recorded.receipt ? receiptText(recorded.receipt) : null;
  return (
    <Stack spacing={2} role="status">
      <Typography component="h2" variant="h5" ref={heading} tabIndex={-1}>
        Payment of {formatMoney(recorded.amountCents)} recorded
      </Typography>
      <Typography>
        New balance:{' '}
        <strong data-testid="new-balance">{formatMoney(recorded.standing.balanceCents)}</strong>
        {recorded.standing.creditCents > 0 &&
          ` (credit on account: ${formatMoney(recorded.standing.creditCents)})`}
      </Typography>
      {receipt && (
        <Alert severity={receipt.ok ? 'success' : 'warning'} data-testid="receipt-outcome">
          {receipt.text}
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayOpenLedger && (
          <Button
            component={RouterLink}
            to={billingRoutes.client.getHref(patientId)}
            variant="contained"
          >
            Back to billing
          </Button>
        )}
        <Button onClick={onAnother} variant={mayOpenLedger ? 'text' : 'contained'}>
          Take another payment
        </Button>
      </Stack>
    </Stack>
  );
}
