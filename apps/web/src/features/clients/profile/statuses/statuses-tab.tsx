import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useArchiveClient, useClientStatuses } from '../api/statuses';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { StatusSelect } from './status-select';

/**
 * The client's status with each therapist; Archive makes every status
 * Inactive (after a confirmation), Unarchive makes every status Active.
 */
export function StatusesTab({ patientId, canEdit }: { patientId: number; canEdit: boolean }) {
  const statuses = useClientStatuses(patientId);
  useLoadErrorToast(statuses, MESSAGES.loadStatuses);
  const archive = useArchiveClient(patientId, 'archive');
  const unarchive = useArchiveClient(patientId, 'unarchive');
  const confirm = useConfirm();
  const feedback = useSaveFeedback();

  if (statuses.isPending) return <SectionSpinner />;
  if (statuses.isLoadingError) return <LoadFailed onRetry={() => void statuses.refetch()} />;
  const { data: rows, isInactiveForAll } = statuses.data;
  const allActive = rows.every((row) => row.status === 'ACTIVE');
  const busy = archive.isPending || unarchive.isPending;

  const onArchive = async () => {
    const confirmed = await confirm({
      title: 'Archive this client?',
      message:
        'The client becomes inactive with every therapist. You can unarchive them at any time.',
      confirmText: 'Archive',
      color: 'warning',
    });
    if (!confirmed) return;
    try {
      feedback.saved(await archive.mutateAsync());
    } catch (error) {
      feedback.failed(MESSAGES.saveStatus, error);
    }
  };

  const onUnarchive = async () => {
    try {
      feedback.saved(await unarchive.mutateAsync());
    } catch (error) {
      feedback.failed(MESSAGES.saveStatus, error);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography>
        {isInactiveForAll
          ? 'The client is archived: inactive with every therapist.'
          : 'The client is active with at least one therapist.'}
      </Typography>
      {rows.length === 0 ? (
        <Typography>The client has no therapists.</Typography>
      ) : (
        <Table size="small" aria-label="Status with each therapist" sx={{ maxWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Therapist</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.therapistId}>
                <TableCell>{row.therapistName}</TableCell>
                <TableCell>
                  <StatusSelect
                    patientId={patientId}
                    therapistId={row.therapistId}
                    therapistName={row.therapistName}
                    status={row.status}
                    disabled={!canEdit || busy}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && rows.length > 0 && (
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            color="warning"
            disabled={isInactiveForAll || busy}
            onClick={() => void onArchive()}
          >
            Archive
          </Button>
          <Button
            variant="outlined"
            disabled={allActive || busy}
            onClick={() => void onUnarchive()}
          >
            Unarchive
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
