import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { PageSpinner } from '../../../ui/page-spinner';
import { useClientAccess, useClientLedger, useClientSummary, type LedgerEntry } from '../api';
import { describeEntry } from '../logic/entry-text';
import { LoadFailed } from '../parts/load-state';
import { AdjustDialog } from './adjust-dialog';
import { BillingActions } from './billing-actions';
import { LedgerSummary } from './ledger-summary';
import { LedgerTable, type LedgerAction } from './ledger-table';
import { RefundDialog } from './refund-dialog';
import { ReverseDialog } from './reverse-dialog';
import { SavedCardsPanel } from '../cards/saved-cards-panel';

/**
 * `/client/{id}/billing`: a client's ledger — balance, credit, aging, every entry — with Take
 * payment for those with payment access and the corrections (adjust, refund, reverse) for the
 * billing role (`canCorrect`, from the caller's roles), who also makes the client's statements
 * and reads them in the statements report. Shown only with billing access to the
 * client, as the server's ledger call requires.
 */
export function ClientBillingPage({
  patientId,
  canCorrect,
}: {
  patientId: number;
  canCorrect: boolean;
}) {
  const summary = useClientSummary(patientId);
  const access = useClientAccess(patientId);
  const mayRead = access.data?.hasBillingAccess === true;
  const ledger = useClientLedger(patientId);
  const [action, setAction] = useState<LedgerAction | null>(null);
  // Until the client's name is read, the heading says only what the page is.
  const name = summary.data?.fullName;

  const entriesById = new Map((ledger.data?.entries ?? []).map((e) => [e.entryId, e]));
  const nameOf = (entry: LedgerEntry) => describeEntry({ ...entry, notation: null }, entriesById);
  const close = () => {
    setAction(null);
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          {name === undefined ? 'Billing' : `Billing: ${name}`}
        </Typography>
        <Link component={RouterLink} to={paths.client.profile.getHref(patientId)}>
          {name === undefined ? 'Back to the profile' : `Back to ${name}’s profile`}
        </Link>
      </Stack>
      {access.isSuccess && !mayRead && (
        <Alert severity="warning">You do not have billing access to this client.</Alert>
      )}
      {ledger.isPending && <PageSpinner label="Loading the ledger" />}
      {ledger.isError && (
        <LoadFailed what="the ledger" error={ledger.error} onRetry={() => void ledger.refetch()} />
      )}
      {ledger.data && (
        <>
          <LedgerSummary ledger={ledger.data} />
          <BillingActions
            patientId={patientId}
            canPay={access.data?.hasPaymentAccess === true}
            canStatements={canCorrect}
          />
          {access.data?.hasPaymentAccess && <SavedCardsPanel patientId={patientId} />}
          <Typography component="h2" variant="h6">
            Entries
          </Typography>
          {ledger.data.entries.length === 0 ? (
            <Typography color="text.secondary">
              Nothing on this client’s account yet: charges appear when a session is billed.
            </Typography>
          ) : (
            <LedgerTable
              entries={ledger.data.entries}
              canCorrect={canCorrect}
              onAction={setAction}
            />
          )}
        </>
      )}
      {action?.type === 'adjust' && (
        <AdjustDialog
          patientId={patientId}
          charge={action.entry}
          chargeName={nameOf(action.entry)}
          onClose={close}
        />
      )}
      {action?.type === 'refund' && (
        <RefundDialog
          patientId={patientId}
          payment={action.entry}
          paymentName={nameOf(action.entry)}
          refundableCents={action.refundableCents}
          onClose={close}
        />
      )}
      {action?.type === 'reverse' && (
        <ReverseDialog
          patientId={patientId}
          entry={action.entry}
          entryName={nameOf(action.entry)}
          onClose={close}
        />
      )}
    </Stack>
  );
}
