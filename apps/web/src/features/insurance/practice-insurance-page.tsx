import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useEndPayer, usePayers, type Payer } from './api';
import { PayerDialog } from './payer-dialog';
import { PayersTable } from './payers-table';
import { useShowEnded } from './show-ended-preference';

export const PAYERS_LOAD_FAILED = 'Unable to load insurance payers.';
export const NO_PAYERS = 'No payers yet. Add the insurance companies the practice bills.';
export const NO_ACTIVE_PAYERS = 'No active payers. Turn on "Show ended payers" to see the others.';

/**
 * `/practice/insurance`: the payers the practice bills (spec-2 §3 Practice
 * insurance). Payers are ended rather than deleted, because client policies
 * keep pointing at them.
 */
export function PracticeInsurancePage() {
  const [showEnded, setShowEnded] = useShowEnded();
  const payers = usePayers(showEnded);
  const endPayer = useEndPayer();
  const confirm = useConfirm();
  const notify = useNotify();
  const [editing, setEditing] = useState<Payer | 'new' | null>(null);

  const onEnd = async (payer: Payer) => {
    const confirmed = await confirm({
      title: `End ${payer.displayLabel}?`,
      message:
        'It will no longer be offered for new policies. Policies that already use it keep it, and you can edit it later to take the end date off.',
      confirmText: 'End payer',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await endPayer.mutateAsync(payer.practice_insurance_id);
      notify.success(`${payer.label} ended.`);
    } catch (error) {
      notify.error(`Unable to end payer. ${errorMessage(error)}`);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Insurance payers
      </Typography>
      <Typography color="text.secondary">
        The insurance companies the practice bills, with the payer IDs your clearinghouse uses.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => {
            setEditing('new');
          }}
        >
          Add payer
        </Button>
        <FormControlLabel
          label="Show ended payers"
          control={
            <Switch
              checked={showEnded}
              onChange={(event) => {
                setShowEnded(event.target.checked);
              }}
            />
          }
        />
      </Stack>
      {payers.isPending && <PageSpinner label="Loading payers" />}
      {payers.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void payers.refetch()}>
              Retry
            </Button>
          }
        >
          {PAYERS_LOAD_FAILED} {errorMessage(payers.error)}
        </Alert>
      )}
      {payers.data?.length === 0 && (
        <Alert severity="info">{showEnded ? NO_PAYERS : NO_ACTIVE_PAYERS}</Alert>
      )}
      {payers.data && payers.data.length > 0 && (
        <PayersTable
          payers={payers.data}
          onEdit={setEditing}
          onEnd={(payer) => void onEnd(payer)}
        />
      )}
      {editing !== null && (
        <PayerDialog
          payer={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
