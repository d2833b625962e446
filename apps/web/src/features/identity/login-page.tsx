import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { required } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';

import { errorMessage } from '../../lib/api-client';
import { safeNextPath } from '../../lib/safe-next';
import { useIdentity, useSignIn } from './api';

interface SignInForm {
  username: string;
  password: string;
  keepSignedIn: boolean;
}

export const IDLE_SIGN_OUT_MESSAGE = 'You were signed out because you were inactive.';
export const DEMO_MODE_MESSAGE =
  'This is a demo: its accounts share a published password (see the README). Do not enter real client information.';

/** `/public/login`: sign in, then go to `?next=` (an in-app path) or home. */
export function LoginPage({ demoMode = false }: { demoMode?: boolean }) {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signedOutForIdleness = searchParams.get('reason') === 'idle';

  const identity = useIdentity();
  const signIn = useSignIn();
  const { control, handleSubmit } = useForm<SignInForm>({
    defaultValues: { username: '', password: '', keepSignedIn: false },
  });

  if (identity.data?.isAuthenticated) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit((values) => {
    signIn.mutate({
      user_username: values.username.trim(),
      user_password: values.password,
      user_rememberme: values.keepSignedIn ? 'remember_me' : 'remember_tillclose',
    });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Sign in
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2}>
          {demoMode && (
            <Alert severity="warning" role="note">
              {DEMO_MODE_MESSAGE}
            </Alert>
          )}
          {signedOutForIdleness && !signIn.isError && (
            <Alert severity="info" role="status">
              {IDLE_SIGN_OUT_MESSAGE}
            </Alert>
          )}
          {signIn.isError && <Alert severity="error">{errorMessage(signIn.error)}</Alert>}
          <Controller
            name="username"
            control={control}
            rules={{ validate: required }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="Username"
                autoComplete="username"
                autoFocus
                required
                fullWidth
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="password"
            control={control}
            rules={{ validate: required }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                fullWidth
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="keepSignedIn"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label="Keep me signed in"
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.checked);
                    }}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
              />
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
