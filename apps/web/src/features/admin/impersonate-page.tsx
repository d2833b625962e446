import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ERROR_TOAST_TIMEOUT_MS } from '@openpractice/domain';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { appHref, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import {
  ASSUME_IDENTITY_FAILED_MESSAGE,
  useImpersonateUser,
  useImpersonationPractices,
  useImpersonationUsers,
} from './api';

/** `/admin/impersonate`: support staff choose a practice and one of its users to act as. */
export function ImpersonatePage() {
  const [practiceId, setPracticeId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const practices = useImpersonationPractices();
  const users = useImpersonationUsers(practiceId);
  const impersonate = useImpersonateUser();
  const { enqueueSnackbar } = useSnackbar();

  const actAsUser = () => {
    if (practiceId === null || userId === null) return;
    impersonate.mutate(
      { practiceId, userId },
      {
        onSuccess: () => {
          window.location.assign(appHref(paths.home.getHref()));
        },
        onError: () => {
          enqueueSnackbar(ASSUME_IDENTITY_FAILED_MESSAGE, {
            variant: 'error',
            autoHideDuration: ERROR_TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <Typography component="h1" variant="h4">
        Act as a practice user
      </Typography>
      <Typography color="text.secondary">
        You will see the practice exactly as this user does. Everything you do is recorded in the
        audit log under your own name as well.
      </Typography>
      {practices.isError && <Alert severity="error">{errorMessage(practices.error)}</Alert>}
      {users.isError && <Alert severity="error">{errorMessage(users.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <TextField
            select
            label="Practice"
            value={practiceId ?? ''}
            disabled={!practices.data}
            onChange={(event) => {
              setPracticeId(Number(event.target.value));
              setUserId(null);
            }}
          >
            {(practices.data ?? []).map((practice) => (
              <MenuItem key={practice.id} value={practice.id}>
                {practice.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="User"
            value={userId ?? ''}
            disabled={!users.data}
            onChange={(event) => {
              setUserId(Number(event.target.value));
            }}
          >
            {(users.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.professionalName} ({user.username})
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={practiceId === null || userId === null || impersonate.isPending}
            onClick={actAsUser}
            sx={{ alignSelf: 'flex-start' }}
          >
            Act as this user
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
