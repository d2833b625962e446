import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { PageSpinner } from '../../../ui/page-spinner';
import { useClientAccess, useDueNow } from '../api';
import { LoadFailed } from '../parts/load-state';
import { PaymentConfirmation } from './payment-confirmation';
import { PaymentForm, type Recorded } from './payment-form';

/**
 * One client's payment, from what they owe to what it did: the client's payment access, their
 * balance and what is due now, the form, then the confirmation. Everything comes from what is
 * due now (a payment-role call), never the client's ledger, which is the financial role's: a
 * user with the payment role alone takes payments (spec-1 §6). Take payment shows it for the
 * client in its address; the virtual terminal for the client picked (card only).
 */
export function PaymentPanel({
  patientId,
  cardOnly = false,
  mayOpenLedger,
}: {
  patientId: number;
  cardOnly?: boolean;
  mayOpenLedger: boolean;
}) {
  const access = useClientAccess(patientId);
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
        mayOpenLedger={mayOpenLedger}
        onAnother={() => {
          setRecorded(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  if (due.isError)
    return (
      <LoadFailed what="what is due now" error={due.error} onRetry={() => void due.refetch()} />
    );
  if (!due.data) return <PageSpinner label="Loading the balance" />;
  return (
    <>
      <Typography>
        Balance {formatMoney(due.data.balanceCents)} · credit {formatMoney(due.data.creditCents)}
      </Typography>
      <PaymentForm
        key={formKey}
        patientId={patientId}
        due={due.data}
        onRecorded={setRecorded}
        cardOnly={cardOnly}
      />
    </>
  );
}
