import Typography from '@mui/material/Typography';

import { useIdentity } from '../../features/identity/api';

/** `/`: a minimal signed-in home page until the dashboard arrives. */
export function HomePage() {
  const identity = useIdentity();
  const name = identity.data?.professionalName ?? identity.data?.email ?? 'there';

  return (
    <Typography component="h1" variant="h4">
      Hi, {name}!
    </Typography>
  );
}
