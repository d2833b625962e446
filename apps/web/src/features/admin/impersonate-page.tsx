import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ERROR_TOAST_TIMEOUT_MS, REQUIRED_MESSAGE } from '@openpractice/domain';
import { useState } from 'react';

import { appHref, paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import {
  ASSUME_IDENTITY_FAILED_MESSAGE,
  IMPERSONATION_MINUTES,
  IMPERSONATION_REASON_MAX,
  useImpersonateUser,
  useImpersonationPractices,
  useImpersonationUsers,
} from './api';
import { useSnackbar } from '../../ui/snackbar/snackbar';

const REASON_TOO_LONG = `Keep the reason to ${IMPERSONATION_REASON_MAX} characters or fewer.`;

/** The reason's problem, as the server words it; null when it will do. */
function reasonError(reason: string): string | null {
  if (reason.trim() === '') return REQUIRED_MESSAGE;
  if (reason.trim().length > IMPERSONATION_REASON_MAX) return REASON_TOO_LONG;
  return null;
}

/**
 * `/admin/impersonate`: support staff choose a practice and one of its staff
 * to act as, and say why (the practice sees the reason in its audit log).
 */
export function ImpersonatePage() {
  const [practiceId, setPracticeId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const practices = useImpersonationPractices();
  const users = useImpersonationUsers(practiceId);
  const impersonate = useImpersonateUser();
  const { enqueueSnackbar } = useSnackbar();

  const shownReasonError = reasonTouched ? reasonError(reason) : null;

  const actAsUser = () => {
    setReasonTouched(true);
    if (practiceId === null || userId === null || reasonError(reason) !== null) return;
    setRefusal(null);
    impersonate.mutate(
      { practiceId, userId, reason: reason.trim() },
      {
        onSuccess: () => {
          window.location.assign(appHref(paths.home.getHref()));
        },
        onError: (error) => {
          // The server says why (e.g. clients cannot be impersonated); the toast is the spec's.
          if (error instanceof ApiError && error.status < 500) setRefusal(error.message);
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
      <ImpersonationIntro />
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {practices.isError && <Alert severity="error">{errorMessage(practices.error)}</Alert>}
      {users.isError && <Alert severity="error">{errorMessage(users.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <TargetFields
            practices={practices.data}
            users={users.data}
            practiceId={practiceId}
            userId={userId}
            onPractice={(id) => {
              setPracticeId(id);
              setUserId(null);
            }}
            onUser={setUserId}
          />
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
            }}
            onBlur={() => {
              setReasonTouched(true);
            }}
            error={shownReasonError !== null}
            helperText={
              shownReasonError ?? 'Shown to the practice in its audit log, e.g. the ticket number.'
            }
            slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_MAX } }}
          />
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

function ImpersonationIntro() {
  return (
    <>
      <Typography component="h1" variant="h4">
        Act as a practice user
      </Typography>
      <Typography color="text.secondary">
        You will see the practice exactly as this user does. Everything you do is recorded in the
        audit log under your own name as well, with the reason you give.
      </Typography>
      <Alert severity="info">
        Access ends automatically after {IMPERSONATION_MINUTES} minutes. Changing passwords or
        sign-in settings and verifying passwords are not possible while acting as a user.
      </Alert>
    </>
  );
}

type Practices = ReturnType<typeof useImpersonationPractices>['data'];
type Users = ReturnType<typeof useImpersonationUsers>['data'];

/** The practice, then one of its staff (the user list follows the practice). */
function TargetFields({
  practices,
  users,
  practiceId,
  userId,
  onPractice,
  onUser,
}: {
  practices: Practices;
  users: Users;
  practiceId: number | null;
  userId: number | null;
  onPractice: (id: number) => void;
  onUser: (id: number) => void;
}) {
  return (
    <>
      <TextField
        select
        label="Practice"
        value={practiceId ?? ''}
        disabled={!practices}
        onChange={(event) => {
          onPractice(Number(event.target.value));
        }}
      >
        {(practices ?? []).map((practice) => (
          <MenuItem key={practice.id} value={practice.id}>
            {practice.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="User"
        value={userId ?? ''}
        disabled={!users}
        onChange={(event) => {
          onUser(Number(event.target.value));
        }}
      >
        {(users ?? []).map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {user.professionalName} ({user.username})
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
