import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { email as emailRule, formatZonedDate, REQUIRED_MESSAGE } from '@openpractice/domain';
import { useState, type SyntheticEvent } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { useNotify } from '../../ui/snackbar/use-notify';
import { VisuallyHidden } from '../../ui/visually-hidden';
import {
  SUPPRESSION_REASON_LABELS,
  SUPPRESSION_REASONS,
  useAddSuppressed,
  useRemoveSuppressed,
  useSuppressions,
  type SuppressionReason,
} from './api';

/**
 * The practice's suppression list (spec-1 §3, §7): addresses mail is never
 * sent to. Adding asks for the address and a reason (Complaint unless
 * chosen); removing asks first.
 */
export function SuppressionSection({ timezone }: { timezone: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const list = useSuppressions({ page, pageSize });
  const add = useAddSuppressed();
  const remove = useRemoveSuppressed();
  const notify = useNotify();
  const confirm = useConfirm();
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('COMPLAINT');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = address.trim();
    const verdict = typed === '' ? REQUIRED_MESSAGE : emailRule(typed);
    if (verdict !== true) {
      setFieldError(verdict);
      return;
    }
    setFieldError(null);
    add.mutate(
      { email: typed, reason },
      {
        onSuccess: () => {
          notify.success(`${typed} will not be sent email.`);
          setAddress('');
          setReason('COMPLAINT');
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  };

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
      <Stack
        component="form"
        noValidate
        aria-label="Suppress an address"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        onSubmit={submit}
      >
        <TextField
          label="Email address"
          size="small"
          type="email"
          value={address}
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
          onChange={(event) => {
            setAddress(event.target.value);
          }}
          sx={{ minWidth: { sm: 280 } }}
        />
        <TextField
          select
          size="small"
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as SuppressionReason);
          }}
          sx={{ minWidth: 160 }}
        >
          {SUPPRESSION_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {SUPPRESSION_REASON_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            Suppress
          </Button>
        </div>
      </Stack>
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
