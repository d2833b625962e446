import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';

import { useIdentity, useSignOut } from '../../features/identity/api';
import { errorMessage } from '../../lib/api-client';

/** `/`: a minimal signed-in home page until the dashboard arrives. */
export function HomePage() {
  const identity = useIdentity();
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  const name = identity.data?.professionalName ?? identity.data?.email ?? 'there';

  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h4">
        Hi, {name}!
      </Typography>
      <Button
        variant="outlined"
        disabled={signOut.isPending}
        onClick={() => {
          signOut.mutate(undefined, {
            onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
          });
        }}
      >
        Sign out
      </Button>
    </Stack>
  );
}
