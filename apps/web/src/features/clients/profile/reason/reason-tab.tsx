import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useHandleReason, useReasonForAppointment } from '../api/notes';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useSaveFeedback } from '../lib/use-save-feedback';

/**
 * The reason the client gave when asking for an appointment (for their own
 * therapist only): keep it by adding it to the memo, or remove it.
 */
export function ReasonTab({ patientId }: { patientId: number }) {
  const reason = useReasonForAppointment(patientId);
  useLoadErrorToast(reason, MESSAGES.loadReason);
  const saveToMemo = useHandleReason(patientId, 'saveToMemo');
  const remove = useHandleReason(patientId, 'remove');
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const busy = saveToMemo.isPending || remove.isPending;

  if (reason.isPending) return <SectionSpinner />;
  if (reason.isLoadingError) return <LoadFailed onRetry={() => void reason.refetch()} />;

  const onSaveToMemo = async () => {
    try {
      await saveToMemo.mutateAsync();
      feedback.notify.success(MESSAGES.savedToMemo);
    } catch (error) {
      feedback.failed(MESSAGES.saveReasonToMemo, error);
    }
  };

  const onRemove = async () => {
    const confirmed = await confirm({
      title: 'Remove the reason for appointment?',
      message: 'The reason is deleted and not kept in the memo.',
      confirmText: 'Remove',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      feedback.saved(await remove.mutateAsync());
    } catch (error) {
      feedback.failed(MESSAGES.removeReason, error);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          {reason.data ?? 'The client gave no reason.'}
        </Typography>
      </Paper>
      {reason.data !== null && (
        <Stack direction="row" spacing={2}>
          <Button variant="contained" disabled={busy} onClick={() => void onSaveToMemo()}>
            Save to memo
          </Button>
          <Button color="error" disabled={busy} onClick={() => void onRemove()}>
            Remove
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
