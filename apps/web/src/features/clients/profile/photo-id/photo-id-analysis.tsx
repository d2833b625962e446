import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PhotoIdPart } from '@openpractice/domain';
import { useId, useState } from 'react';

import { ApiError } from '../../../../lib/api-client';
import {
  useAnalyzePhotoId,
  useApplyPhotoIdAnalysis,
  usePhotoIdAnalysisStatus,
} from '../api/photo-id-analysis';
import { failureMessage } from '../lib/failure-message';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { photoIdChangeRows, type PhotoIdChangeRow } from './photo-id-changes';
import { ProposedChangesTable } from './proposed-changes-table';

export const READ_PHOTO_ID = 'Read details from photo ID';

/**
 * The analysis failure, with the server's reason when it tells the person
 * something: no photo (404), the photo changed (409), the service failed
 * (502) or is not set up (503).
 */
export function analysisFailureMessage(base: string, error: unknown): string {
  if (error instanceof ApiError && [404, 409, 502, 503].includes(error.status)) {
    const detail = error.message.trim();
    if (detail !== '') return `${base} ${detail}`;
  }
  return failureMessage(base, error);
}

/**
 * "Read details from photo ID": the analysis service reads the stored photo,
 * the dialog shows what would change (current → new) and writes the chosen
 * parts. Without a service the button is disabled and says why.
 */
export function PhotoIdAnalysis({ patientId, busy }: { patientId: number; busy: boolean }) {
  const status = usePhotoIdAnalysisStatus(true);
  const analyze = useAnalyzePhotoId(patientId);
  const feedback = useSaveFeedback();
  const [rows, setRows] = useState<PhotoIdChangeRow[] | null>(null);
  const explanationId = useId();
  const available = status.data?.available === true;
  const explanation = status.isError
    ? 'Photo ID analysis could not be checked. Reload to try again.'
    : status.data && !status.data.available
      ? status.data.message
      : null;

  const onRead = async () => {
    try {
      const reading = await analyze.mutateAsync();
      const changes = photoIdChangeRows(reading.proposedChanges);
      if (changes.length === 0) feedback.notify.info(MESSAGES.photoIdMatches);
      else setRows(changes);
    } catch (error) {
      feedback.notify.error(analysisFailureMessage(MESSAGES.readPhotoId, error));
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        disabled={!available || busy || analyze.isPending}
        loading={analyze.isPending}
        onClick={() => void onRead()}
        {...(explanation ? { 'aria-describedby': explanationId } : {})}
      >
        {READ_PHOTO_ID}
      </Button>
      {explanation && (
        <Typography id={explanationId} color="text.secondary">
          {explanation}
        </Typography>
      )}
      {rows && (
        <ApplyPhotoIdDialog
          patientId={patientId}
          rows={rows}
          onClose={() => {
            setRows(null);
          }}
        />
      )}
    </Stack>
  );
}

function ApplyPhotoIdDialog({
  patientId,
  rows,
  onClose,
}: {
  patientId: number;
  rows: PhotoIdChangeRow[];
  onClose: () => void;
}) {
  const apply = useApplyPhotoIdAnalysis(patientId);
  const feedback = useSaveFeedback();
  const titleId = useId();
  const [chosen, setChosen] = useState<PhotoIdPart[]>(rows.map((r) => r.part));
  const busy = apply.isPending;

  const toggle = (part: PhotoIdPart, on: boolean) => {
    setChosen((now) => (on ? [...now, part] : now.filter((p) => p !== part)));
  };

  const onApply = async () => {
    try {
      feedback.saved(await apply.mutateAsync(chosen));
      onClose();
    } catch (error) {
      feedback.notify.error(analysisFailureMessage(MESSAGES.applyPhotoId, error));
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Details read from the photo ID</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Choose what to update on the client’s record. Updating the address replaces the default
            address and clears its second line.
          </DialogContentText>
          <ProposedChangesTable rows={rows} chosen={chosen} disabled={busy} onToggle={toggle} />
          {chosen.length === 0 && (
            <Alert severity="info">Choose at least one detail to update.</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || chosen.length === 0}
          loading={busy}
          onClick={() => void onApply()}
        >
          Update record
        </Button>
      </DialogActions>
    </Dialog>
  );
}
