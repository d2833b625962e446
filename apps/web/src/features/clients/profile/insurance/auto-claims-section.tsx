import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { autoClaimProblem, formatShortDate } from '@openpractice/domain';
import { useId, useState, type SubmitEvent } from 'react';

import { useSaveFeedback } from '../lib/use-save-feedback';
import { useUpdateAutoGenClaim } from './api/billing';
import type { AutoGenClaim, ClientInsurance } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { SectionHeading } from './section-heading';

/**
 * Automatic claim creation with each of the client's therapists. Turning it
 * off asks why (so billers know why claims are missing); turning it on saves
 * at once. Needs billing access; others see it read-only.
 */
export function AutoClaimsSection({
  patientId,
  insurance,
}: {
  patientId: number;
  insurance: ClientInsurance;
}) {
  const canEdit = insurance.access.canEditBilling;
  const update = useUpdateAutoGenClaim(patientId);
  const feedback = useSaveFeedback();
  const [askingWhy, setAskingWhy] = useState<AutoGenClaim | null>(null);

  const turnOn = async (row: AutoGenClaim) => {
    try {
      feedback.saved(
        await update.mutateAsync({ therapistId: row.therapistId, autogen: true, reason: null }),
        INSURANCE_MESSAGES.billingSaved,
      );
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.autoClaims, error);
    }
  };

  return (
    <Stack component="section" spacing={1} aria-labelledby="insurance-auto-claims-heading">
      <SectionHeading id="insurance-auto-claims-heading">Automatic claim creation</SectionHeading>
      {insurance.autoGenClaims.length === 0 ? (
        <Typography>The client has no therapists.</Typography>
      ) : (
        <List disablePadding aria-label="Automatic claim creation by therapist">
          {insurance.autoGenClaims.map((row) => (
            <ListItem key={row.therapistId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={row.therapistName}
                secondary={
                  row.autogen
                    ? 'Claims are created automatically.'
                    : `Off${row.changedOn ? ` since ${formatShortDate(row.changedOn)}` : ''}: ${row.reason ?? 'no reason given'}`
                }
                sx={{ flex: '1 1 240px' }}
              />
              <FormControlLabel
                label="Create claims automatically"
                control={
                  <Switch
                    checked={row.autogen}
                    disabled={!canEdit || update.isPending}
                    slotProps={{
                      input: {
                        'aria-label': `Create claims automatically for ${row.therapistName}`,
                      },
                    }}
                    onChange={(event) => {
                      if (event.target.checked) void turnOn(row);
                      else setAskingWhy(row);
                    }}
                  />
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {askingWhy && (
        <TurnOffDialog
          patientId={patientId}
          row={askingWhy}
          onClose={() => {
            setAskingWhy(null);
          }}
        />
      )}
    </Stack>
  );
}

function TurnOffDialog({
  patientId,
  row,
  onClose,
}: {
  patientId: number;
  row: AutoGenClaim;
  onClose: () => void;
}) {
  const update = useUpdateAutoGenClaim(patientId);
  const feedback = useSaveFeedback();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = autoClaimProblem(false, reason);
    setError(problem);
    if (problem) return;
    try {
      feedback.saved(
        await update.mutateAsync({
          therapistId: row.therapistId,
          autogen: false,
          reason: reason.trim(),
        }),
        INSURANCE_MESSAGES.billingSaved,
      );
      onClose();
    } catch (failure) {
      feedback.failed(INSURANCE_MESSAGES.autoClaims, failure);
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>Stop creating claims automatically?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Claims for this client’s sessions with {row.therapistName} will no longer be created
              automatically.
            </DialogContentText>
            <TextField
              label="Reason"
              value={reason}
              required
              autoFocus
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
              error={error !== null}
              helperText={error ?? 'For example: sessions are billed by another agency.'}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Turn off
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
