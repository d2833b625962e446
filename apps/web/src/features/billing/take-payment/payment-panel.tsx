import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { PageSpinner } from '../../../ui/page-spinner';
import { useClientAccess, useClientLedger, useDueNow } from '../api';
import { LoadFailed } from '../parts/load-state';
import { PaymentConfirmation } from './payment-confirmation';
import { PaymentForm, type Recorded } from './payment-form';

/**
 * One client's payment, from what they owe to what it did: the client's payment access, their
 * balance and what is due now, the form, then the confirmation. Take payment shows it for the
 * client in its address; the virtual terminal for the client picked (card only).
 */
export function PaymentPanel({
  patientId,
  cardOnly = false,
}: {
  patientId: number;
  cardOnly?: boolean;
}) {
  const access = useClientAccess(patientId);
  const ledger = useClientLedger(patientId);
  const due = useDueNow(patientId);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  // A new form (and so a new idempotency key) for each payment.
  const [formKey, setFormKey] = useState(0);

  if (access.isSuccess && !access.data.hasPaymentAccess)
    return <Alert severity="warning">You may not take payments for this client.</Alert>;
  if (recorded)
    return (
      <PaymentConfirmation
        patientId={patientId}
        recorded={recorded}
        onAnother={() => {
          setRecorded(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  if (ledger.isError)
    return (
      <LoadFailed what="the balance" error={ledger.error} onRetry={() => void ledger.refetch()} />
    );
  if (due.isError)
    return (
      <LoadFailed what="what is due now" error={due.error} onRetry={() => void due.refetch()} />
    );
  if (!ledger.data || !due.data) return <PageSpinner label="Loading the balance" />;
  return (
    <>
      <Typography>
        Balance {formatMoney(ledger.data.balanceCents)} · credit{' '}
        {formatMoney(ledger.data.creditCents)}
      </Typography>
      <PaymentForm
        key={formKey}
        patientId={patientId}
        ledger={ledger.data}
        due={due.data}
        onRecorded={setRecorded}
        cardOnly={cardOnly}
      />
    </>
  );
}
