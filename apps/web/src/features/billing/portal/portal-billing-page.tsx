import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, formatUsDate } from '@openpractice/domain';
import { useEffect, useRef, useState } from 'react';

import { PageSpinner } from '../../../ui/page-spinner';
import { LoadFailed } from '../parts/load-state';
import { usePortalAccount, type PortalAccount } from './api';
import { CardWarnings } from './card-warnings';
import { PortalPaymentForm, type PortalPaid } from './portal-payment-form';

/** What became of the receipt, in the client's words. */
function receiptLine(receipt: PortalPaid['receipt']): string | null {
  switch (receipt?.status) {
    case 'sent':
      return 'A receipt was emailed to you.';
    case 'logged':
    case 'failed':
      return 'The practice keeps your receipt; it could not be emailed just now.';
    case 'suppressed':
    case 'no_address':
      return 'No receipt was emailed: the practice has no email address it may use for you.';
    default:
      return null;
  }
}

function Paid({ paid, onAnother }: { paid: PortalPaid; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the confirmation so a screen reader hears it and the keyboard starts there.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const receipt = receiptLine(paid.receipt);
  return (
    <Stack spacing={2} role="status">
      <Typography component="h2" variant="h5" ref={heading} tabIndex={-1}>
        Thank you: {formatMoney(paid.amountCents)} paid
      </Typography>
      {receipt !== null && <Typography>{receipt}</Typography>}
      {paid.data.payableCents > 0 && (
        <Button variant="outlined" onClick={onAnother} sx={{ alignSelf: 'flex-start' }}>
          Pay more
        </Button>
      )}
    </Stack>
  );
}

function WhatYouOwe({ account }: { account: PortalAccount }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="portal-balance-heading">
      <Typography component="h2" variant="h6" id="portal-balance-heading">
        Your balance
      </Typography>
      <Typography variant="h4" component="p" data-testid="portal-balance">
        {formatMoney(Math.max(0, account.balanceCents))}
      </Typography>
      {account.creditCents > 0 && (
        <Typography>Credit on your account: {formatMoney(account.creditCents)}</Typography>
      )}
      {account.openCharges.length > 0 && (
        <Table size="small" aria-label="Charges you still owe" sx={{ maxWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>Date of service</TableCell>
              <TableCell align="right">Charge</TableCell>
              <TableCell align="right">Still owed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {account.openCharges.map((c) => (
              <TableRow key={c.chargeId}>
                <TableCell>{formatUsDate(c.dateOfService, '—')}</TableCell>
                <TableCell align="right">{formatMoney(c.amountCents)}</TableCell>
                <TableCell align="right">{formatMoney(c.openCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * `/portal/billing` (issue 19 item 4): the signed-in client's balance, what it is made of,
 * warnings for saved cards that expire soon or have expired, and paying all or part of it by
 * card. Everything is the client's own: the server finds their record from the sign-in.
 */
export function PortalBillingPage() {
  const account = usePortalAccount();
  const [paid, setPaid] = useState<PortalPaid | null>(null);
  // A new form (and so a new idempotency key) for each payment.
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        My billing
      </Typography>
      {account.isError && (
        <LoadFailed
          what="your account"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      )}
      {account.isPending && <PageSpinner label="Loading your account" />}
      {account.data && (
        <>
          <CardWarnings cards={account.data.cards} />
          <WhatYouOwe account={account.data} />
          {paid ? (
            <Paid
              paid={paid}
              onAnother={() => {
                setPaid(null);
                setFormKey((k) => k + 1);
              }}
            />
          ) : account.data.payableCents > 0 ? (
            <PortalPaymentForm key={formKey} account={account.data} onPaid={setPaid} />
          ) : (
            <Alert severity="success">You have nothing to pay now.</Alert>
          )}
        </>
      )}
    </Stack>
  );
}
