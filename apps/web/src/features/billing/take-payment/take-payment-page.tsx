import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { PageSpinner } from '../../../ui/page-spinner';
import { useClientAccess, useClientLedger, useClientSummary } from '../api';
import { LoadFailed } from '../parts/load-state';
import { PaymentForm, type Recorded } from './payment-form';

/** What the person reads once the payment is in: the amount and the balance the server now has. */
function Confirmation({
  patientId,
  recorded,
  onAnother,
}: {
  patientId: number;
  recorded: Recorded;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the confirmation so a screen reader hears it and the keyboard starts there.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2} role="status">
      <Typography component="h2" variant="h5" ref={heading} tabIndex={-1}>
        Payment of {formatMoney(recorded.amountCents)} recorded
      </Typography>
      <Typography>
        New balance:{' '}
        <strong data-testid="new-balance">{formatMoney(recorded.ledger.balanceCents)}</strong>
        {recorded.ledger.creditCents > 0 &&
          ` (credit on account: ${formatMoney(recorded.ledger.creditCents)})`}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={billingRoutes.client.getHref(patientId)}
          variant="contained"
        >
          Back to billing
        </Button>
        <Button onClick={onAnother}>Take another payment</Button>
      </Stack>
    </Stack>
  );
}

/**
 * `/billing/takePayment/{id}` (spec-1 §2): a payment from the client by cash, check or a card
 * taken elsewhere, split across their open charges or kept as credit, then what it did.
 */
export function TakePaymentPage({ patientId }: { patientId: number }) {
  const summary = useClientSummary(patientId);
  const access = useClientAccess(patientId);
  const ledger = useClientLedger(patientId);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  // A new form (and so a new idempotency key) for each payment.
  const [formKey, setFormKey] = useState(0);
  // Until the client's name is read, the heading says only what the page is.
  const name = summary.data?.fullName;

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          {name === undefined ? 'Take payment' : `Take payment: ${name}`}
        </Typography>
        <Link component={RouterLink} to={billingRoutes.client.getHref(patientId)}>
          {name === undefined ? 'The client’s billing' : `${name}’s billing`}
        </Link>
      </Stack>
      {access.isSuccess && !access.data.hasPaymentAccess && (
        <Alert severity="warning">You may not take payments for this client.</Alert>
      )}
      {ledger.isPending && <PageSpinner label="Loading the balance" />}
      {ledger.isError && (
        <LoadFailed what="the balance" error={ledger.error} onRetry={() => void ledger.refetch()} />
      )}
      {recorded ? (
        <Confirmation
          patientId={patientId}
          recorded={recorded}
          onAnother={() => {
            setRecorded(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        ledger.data && (
          <>
            <Typography>
              Balance {formatMoney(ledger.data.balanceCents)} · credit{' '}
              {formatMoney(ledger.data.creditCents)}
            </Typography>
            <PaymentForm
              key={formKey}
              patientId={patientId}
              ledger={ledger.data}
              onRecorded={setRecorded}
            />
          </>
        )
      )}
    </Stack>
  );
}
