import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { useClientSummary } from '../api';
import { PaymentPanel } from './payment-panel';

/**
 * `/billing/takePayment/{id}` (spec-1 §2): a payment from the client by cash, check or card,
 * split across their open charges or kept as credit, then what it did.
 */
export function TakePaymentPage({
  patientId,
  mayOpenLedger,
}: {
  patientId: number;
  /** The client's Billing page is the financial role's: no link for those it would refuse. */
  mayOpenLedger: boolean;
}) {
  const summary = useClientSummary(patientId);
  // Until the client's name is read, the heading says only what the page is.
  const name = summary.data?.fullName;

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          {name === undefined ? 'Take payment' : `Take payment: ${name}`}
        </Typography>
        {mayOpenLedger && (
          <Link component={RouterLink} to={billingRoutes.client.getHref(patientId)}>
            {name === undefined ? 'The client’s billing' : `${name}’s billing`}
          </Link>
        )}
      </Stack>
      <PaymentPanel patientId={patientId} mayOpenLedger={mayOpenLedger} />
    </Stack>
  );
}
