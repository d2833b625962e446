import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  maxLength,
  minLength,
  PASSWORD_MAX_LENGTH,
  PORTAL_PASSWORD_MIN_LENGTH,
  required,
} from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { isDeadLink, usePortalLink, useSetPortalPassword, type PortalLinkPurpose } from './api';

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';
export const PASSWORD_SET_TOAST = 'Your password is set. Sign in to continue.';

const DEAD_LINK_MESSAGES: Record<PortalLinkPurpose, string> = {
  activate:
    'This link has expired or was already used. Ask your practice to send a new invitation.',
  reset:
    'This link has expired or was already used. Ask your practice to send a new password reset email.',
};

const TITLES: Record<PortalLinkPurpose, string> = {
  activate: 'Set up your client portal',
  reset: 'Choose a new password',
};

interface PasswordForm {
  password: string;
  confirm: string;
}

const passwordRules = (value: unknown) => {
  for (const rule of [
    required,
    minLength(PORTAL_PASSWORD_MIN_LENGTH),
    maxLength(PASSWORD_MAX_LENGTH),
  ]) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return true;
};

/**
 * `/public/activate?token=` and `/public/resetPassword?token=`: a client opens
 * the link from their invitation or reset email and chooses a password, then
 * signs in. A link that is expired or used says what to do instead.
 */
export function PortalPasswordPage({ purpose }: { purpose: PortalLinkPurpose }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const link = usePortalLink(token);

  let content;
  if (token === '' || (link.isError && isDeadLink(link.error))) {
    content = <Alert severity="warning">{DEAD_LINK_MESSAGES[purpose]}</Alert>;
  } else if (link.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void link.refetch()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(link.error)}
      </Alert>
    );
  } else if (link.isPending) {
    content = <PageSpinner label="Checking your link" />;
  } else {
    content = <PasswordForm token={token} username={link.data.username} purpose={purpose} />;
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        {TITLES[purpose]}
      </Typography>
      {content}
    </Paper>
  );
}

function PasswordForm({
  token,
  username,
  purpose,
}: {
  token: string;
  username: string;
  purpose: PortalLinkPurpose;
}) {
  const navigate = useNavigate();
  const setPassword = useSetPortalPassword();
  const { control, handleSubmit, setError, getValues } = useForm<PasswordForm>({
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setPassword.mutateAsync({ token, password: values.password });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'password') {
        setError('password', { message: error.message }, { shouldFocus: true });
      }
      return;
    }
    void navigate(
      paths.auth.signIn.getHref({ toast: { toast: PASSWORD_SET_TOAST, toastType: 'success' } }),
    );
  });

  const failure = setPassword.error;
  const deadLink = failure !== null && isDeadLink(failure);

  if (deadLink) return <Alert severity="warning">{DEAD_LINK_MESSAGES[purpose]}</Alert>;

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        {failure !== null && !(failure instanceof ApiError && failure.field === 'password') && (
          <Alert severity="error">{errorMessage(failure)}</Alert>
        )}
        <TextField
          label="Username"
          value={username}
          autoComplete="username"
          helperText="You sign in with this username."
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
        />
        <Controller
          name="password"
          control={control}
          rules={{ validate: passwordRules }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
              required
              fullWidth
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ?? `At least ${PORTAL_PASSWORD_MIN_LENGTH} characters.`
              }
            />
          )}
        />
        <Controller
          name="confirm"
          control={control}
          rules={{
            validate: (value) =>
              required(value) === true
                ? value === getValues('password') || PASSWORDS_DIFFER_MESSAGE
                : required(value),
          }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={setPassword.isPending}>
          Set password
        </Button>
      </Stack>
    </Box>
  );
}
