import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REQUIRED_MESSAGE, staffPasswordProblem } from '@openpractice/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { isDeadLink, useSetStaffPassword, useStaffLink, type StaffLink } from './api';

export const DEAD_STAFF_LINK =
  'This link has expired or was already used. Ask your practice manager to send a new one.';
export const STAFF_PASSWORD_SET = 'Your password is set. Sign in to continue.';

/**
 * `/public/staff/activate?token=` and `/public/staff/resetPassword?token=`: a
 * staff member chooses their password from the emailed link, then signs in.
 */
export function StaffPasswordPage({ purpose }: { purpose: StaffLink['purpose'] }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const link = useStaffLink(token);
  let content;
  if (token === '' || (link.isError && isDeadLink(link.error))) {
    content = <Alert severity="warning">{DEAD_STAFF_LINK}</Alert>;
  } else if (link.isError) {
    content = <Alert severity="error">{errorMessage(link.error)}</Alert>;
  } else if (link.isPending) {
    content = <PageSpinner label="Checking your link" />;
  } else {
    content = <PasswordForm token={token} link={link.data} />;
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        {purpose === 'activate' ? 'Set up your account' : 'Choose a new password'}
      </Typography>
      {content}
    </Paper>
  );
}

function PasswordForm({ token, link }: { token: string; link: StaffLink }) {
  const navigate = useNavigate();
  const setPassword = useSetStaffPassword();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = async () => {
    const found: typeof errors = {};
    const problem = password ? staffPasswordProblem(password, link.username) : REQUIRED_MESSAGE;
    if (problem) found.password = problem;
    if (!confirm) found.confirm = REQUIRED_MESSAGE;
    else if (confirm !== password) found.confirm = 'The passwords do not match.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await setPassword.mutateAsync({ token, password });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'password')
        setErrors({ password: error.message });
      return;
    }
    void navigate(
      paths.auth.signIn.getHref({ toast: { toast: STAFF_PASSWORD_SET, toastType: 'success' } }),
    );
  };

  const failure = setPassword.error;
  if (failure && isDeadLink(failure)) return <Alert severity="warning">{DEAD_STAFF_LINK}</Alert>;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={2}>
        <Typography>{link.practiceName}</Typography>
        {failure && !(failure instanceof ApiError && failure.field === 'password') && (
          <Alert severity="error">{errorMessage(failure)}</Alert>
        )}
        <TextField
          label="Username"
          value={link.username}
          autoComplete="username"
          helperText="You sign in with this username."
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            setPasswordValue(event.target.value);
          }}
          error={errors.password !== undefined}
          helperText={errors.password ?? 'At least 10 characters, not containing your username.'}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
          }}
          error={errors.confirm !== undefined}
          helperText={errors.confirm}
        />
        <Button type="submit" variant="contained" size="large" disabled={setPassword.isPending}>
          Set password
        </Button>
      </Stack>
    </Box>
  );
}
