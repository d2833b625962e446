import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CLAIM_STATUS_LABELS, formatUsDate } from '@openpractice/domain';
import { Link as RouterLink, useParams } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { clientBillingHref } from '../lists/fix-links';
import { useClaimHistory, type ClaimHistory } from './api';
import { ClaimVersionSection } from './claim-version';

/** The claim's id from the address, or null when there is none (or it is not a number). */
function useClaimId(): number | null {
  const { id } = useParams();
  const claimId = Number(id);
  return id !== undefined && Number.isSafeInteger(claimId) && claimId > 0 ? claimId : null;
}

function Summary({ history }: { history: ClaimHistory }) {
  const facts: [string, string][] = [
    ['Payer', `${history.payer} (${history.responsibility})`],
    ['Status', CLAIM_STATUS_LABELS[history.status]],
    [
      'Made',
      `${formatUsDate(history.createdAt)}, ${history.origin === 'automatic' ? 'automatically' : 'by hand'}`,
    ],
    ["Payer's claim number", history.payerClaimNumber ?? 'Not known yet'],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Where claims are listed, for an address without a claim. */
function NoClaim() {
  return (
    <Alert severity="info">
      Open a claim from a claim list:{' '}
      <Link component={RouterLink} to={claimRoutes.readyToSubmit.getHref()}>
        Claims ready to submit
      </Link>{' '}
      or{' '}
      <Link component={RouterLink} to={claimRoutes.scrubProblem.getHref()}>
        Claim scrub problems
      </Link>
      .
    </Alert>
  );
}

/**
 * `/billing/claim/history/{id?}` (spec-1 §2): a claim's every version, with what it billed,
 * and every event of its log, oldest first, as they were recorded (nothing here changes them).
 */
export function ClaimHistoryPage() {
  const claimId = useClaimId();
  const history = useClaimHistory(claimId);
  const data = history.data;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {data ? `Claim history: ${data.clientName}` : 'Claim history'}
      </Typography>
      {claimId === null && <NoClaim />}
      {claimId !== null && history.isPending && <PageSpinner label="Loading the claim's history" />}
      {history.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          Unable to load the claim. {errorMessage(history.error)}
        </Alert>
      )}
      {data && (
        <>
          <Link component={RouterLink} to={clientBillingHref(data.patientId)}>
            {data.clientName}&apos;s billing
          </Link>
          <Summary history={data} />
          {[...data.versions].reverse().map((version) => (
            <ClaimVersionSection key={version.versionId} version={version} />
          ))}
        </>
      )}
    </Stack>
  );
}
