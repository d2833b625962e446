import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatZonedDate } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { useNotify } from '../../ui/snackbar/use-notify';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { SUPPRESSION_REASON_LABELS, useRemoveSuppressed, useSuppressions } from './api';
import { SuppressForm } from './suppress-form';

/**
 * The practice's suppression list (spec-1 §3, §7): addresses mail is never
 * sent to. Adding asks for the address and a reason (Complaint unless
 * chosen); removing asks first.
 */
export function SuppressionSection({ timezone }: { timezone: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const list = useSuppressions({ page, pageSize });
  const remove = useRemoveSuppressed();
  const notify = useNotify();
  const confirm = useConfirm();

  const askRemove = async (email: string) => {
    const confirmed = await confirm({
      title: 'Remove from the suppression list?',
      message: `Email to ${email} will be sent again.`,
      confirmText: 'Remove',
      color: 'warning',
    });
    if (!confirmed) return;
    remove.mutate(email, {
      onSuccess: () => {
        notify.success(`${email} was removed from the suppression list.`);
      },
      onError: (error) => {
        notify.error(errorMessage(error));
      },
    });
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="suppression-heading">
      <Typography component="h2" variant="h5" id="suppression-heading">
        Suppression list
      </Typography>
      <Typography color="text.secondary">
        Email is never sent to these addresses; each message to them is logged as suppressed.
      </Typography>
      <SuppressForm />
      {list.isPending && <Typography role="status">Loading the suppression list…</Typography>}
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.data && list.data.total === 0 && (
        <Alert severity="info">No addresses are suppressed.</Alert>
      )}
      {list.data && list.data.total > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Suppressed addresses">
              <TableHead>
                <TableRow>
                  <TableCell>Address</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>Added</TableCell>
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((entry) => (
                  <TableRow key={entry.email}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{entry.email}</TableCell>
                    <TableCell>{SUPPRESSION_REASON_LABELS[entry.reason]}</TableCell>
                    <TableCell>
                      {formatZonedDate(entry.addedAt, timezone)}
                      {entry.addedBy ? ` by ${entry.addedBy}` : ''}
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="warning"
                        aria-label={`Remove ${entry.email}`}
                        disabled={remove.isPending}
                        onClick={() => void askRemove(entry.email)}
                      >
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={list.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
