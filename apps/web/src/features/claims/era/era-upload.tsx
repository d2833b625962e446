import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { clientBillingHref } from '../lists/fix-links';
import { useUploadEra, type EraUploadResult } from './api';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

function Postings({ result }: { result: EraUploadResult }) {
  if (result.postings.length === 0) return null;
  return (
    <Box tabIndex={0} role="region" aria-label="Claims posted" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col">Claim</TableCell>
            <TableCell scope="col" {...money}>
              Insurance paid
            </TableCell>
            <TableCell scope="col" {...money}>
              Contractual
            </TableCell>
            <TableCell scope="col" {...money}>
              Client’s part
            </TableCell>
            <TableCell scope="col" {...money}>
              Client balance
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.postings.map((posting) => (
            <TableRow key={`${String(posting.claimId)}-${posting.kind}`}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={clientBillingHref(posting.patientId)}>
                  {posting.clientName}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {posting.patientControlNumber}
                {posting.kind !== 'payment' && ` (${posting.kind})`}
              </TableCell>
              <TableCell {...money}>{formatMoney(posting.paidCents)}</TableCell>
              <TableCell {...money}>{formatMoney(posting.contractualCents)}</TableCell>
              <TableCell {...money}>{formatMoney(posting.patientResponsibilityCents)}</TableCell>
              <TableCell {...money}>
                {posting.clientBalanceCents === null ? '' : formatMoney(posting.clientBalanceCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Outcome({ result }: { result: EraUploadResult }) {
  const { era } = result;
  return (
    <>
      <Alert severity={result.repeated ? 'info' : 'success'}>
        {result.repeated
          ? `This ERA was posted before (check or EFT ${era.traceNumber}); nothing was posted again. What it posted then:`
          : `Posted ${String(era.claimsPosted)} ${era.claimsPosted === 1 ? 'claim' : 'claims'} from ${era.payer}, check or EFT ${era.traceNumber}, ${formatMoney(era.totalPaidCents)}.`}
      </Alert>
      <Postings result={result} />
      {result.providerAdjustments.map((adjustment, index) => (
        <Typography key={`${adjustment.reason}-${String(index)}`} variant="body2">
          Provider-level adjustment {adjustment.reason}
          {adjustment.reference ? ` (${adjustment.reference})` : ''}:{' '}
          {formatMoney(adjustment.effectCents)}
        </Typography>
      ))}
      {result.problems.length > 0 && (
        <Alert severity="warning">
          {result.problems.length === 1
            ? 'One problem waits'
            : `${String(result.problems.length)} problems wait`}{' '}
          on{' '}
          <Link component={RouterLink} to={claimRoutes.problemEra.getHref()}>
            ERA problems
          </Link>
          :
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {result.problems.map((problem) => (
              <li key={problem.id}>{problem.reason}</li>
            ))}
          </Box>
        </Alert>
      )}
    </>
  );
}

/**
 * "Upload ERA (835)" on the insurance payments page (issue 20 item 7): the biller picks the
 * payer's 835, the server posts it, and the dialog says what was posted and what waits. A plain
 * button opens the file picker, so the action is reached and used by keyboard alone.
 */
export function EraUploadAction() {
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const upload = useUploadEra();

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again (to see that it posts once).
    event.target.value = '';
    if (!file) return;
    setOpen(true);
    upload.mutate({ text: await file.text(), fileName: file.name });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".835,.x12,.edi,.txt,text/plain"
        hidden
        aria-label="ERA (835) file"
        onChange={(event) => void chosen(event)}
      />
      <Button variant="outlined" onClick={() => input.current?.click()}>
        Upload ERA (835)
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        maxWidth="md"
        fullWidth
        aria-labelledby="era-upload-title"
      >
        <DialogTitle id="era-upload-title">ERA (835) upload</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {upload.isPending && <PageSpinner label="Posting the ERA" />}
          {upload.isError && (
            <Alert severity="error">Nothing was posted. {errorMessage(upload.error)}</Alert>
          )}
          {upload.data && <Outcome result={upload.data.data} />}
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
            disabled={upload.isPending}
          >
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
