import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MERGE_CONFIRM_PHRASE } from '@openpractice/domain';
import { useState, type ReactNode } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useMergeClients } from './api';
import { RecordCard } from './record-card';

export const MERGED_MESSAGE = 'Clients merged.';
export const SAME_RECORD_MESSAGE = 'Choose a different client to keep.';

/**
 * `/client/merge/{id}` (spec-2 §2): the duplicate `duplicateId` is merged into
 * the record chosen to keep. Appointments, policies, contacts and history move
 * to it and the duplicate is removed, after typing MERGE to confirm.
 */
export function MergePage({
  duplicateId,
  renderKeepPicker,
  onMerged,
}: {
  duplicateId: number;
  /** The search for the record to keep (the page composing this one supplies it). */
  renderKeepPicker: (choose: (patientId: number) => void) => ReactNode;
  onMerged: (result: { sourceId: number; targetId: number }) => void;
}) {
  const [keepId, setKeepId] = useState<number | null>(null);
  const merge = useMergeClients();
  const confirm = useConfirm();
  const notify = useNotify();
  const sameRecord = keepId === duplicateId;

  async function start(targetId: number): Promise<void> {
    try {
      const confirmed = await confirm({
        title: 'Merge these clients?',
        message: (
          <>
            Everything the duplicate holds (appointments, insurance policies, contacts, diagnoses,
            groups and history) moves to the record you keep, and the duplicate is removed. This
            cannot be undone.
          </>
        ),
        confirmText: 'Merge',
        color: 'error',
        requirePhrase: MERGE_CONFIRM_PHRASE,
        onConfirm: async () => {
          await merge.mutateAsync({
            sourceId: duplicateId,
            targetId,
            confirmPhrase: MERGE_CONFIRM_PHRASE,
          });
        },
      });
      if (!confirmed) return;
      notify.success(MERGED_MESSAGE);
      onMerged({ sourceId: duplicateId, targetId });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Merge duplicate client
        </Typography>
        <Typography color="text.secondary">
          Choose the record to keep. The duplicate on the left is merged into it.
        </Typography>
      </Stack>
      <Stack sx={{ maxWidth: 480 }} spacing={1}>
        {renderKeepPicker(setKeepId)}
        {sameRecord && <Alert severity="warning">{SAME_RECORD_MESSAGE}</Alert>}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <RecordCard title="Duplicate (will be removed)" patientId={duplicateId} />
        <RecordCard
          title="Record to keep"
          patientId={keepId}
          placeholder="Search for the client to keep."
        />
      </Stack>
      <div>
        <Button
          variant="contained"
          color="error"
          disabled={keepId === null || sameRecord || merge.isPending}
          onClick={() => {
            if (keepId !== null) void start(keepId);
          }}
        >
          Merge into the record to keep
        </Button>
      </div>
    </Stack>
  );
}
