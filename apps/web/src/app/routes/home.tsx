import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasRole } from '@openpractice/domain';
import { lazy, Suspense } from 'react';

import { useIdentity } from '../../features/identity/api';

// Only a client's home shows their balance: staff never load billing's portal code.
const PortalBalanceSummary = lazy(async () => ({
  default: (await import('../../features/billing/portal/portal-balance-summary'))
    .PortalBalanceSummary,
}));

/**
 * `/`: a minimal signed-in home page until the dashboard arrives. A client (the portal) sees
 * their balance with a link to pay it, and any warning about their saved cards.
 */
export function HomePage() {
  const identity = useIdentity();
  const name = identity.data?.professionalName ?? identity.data?.email ?? 'there';
  const isClient =
    identity.data?.isAuthenticated === true && hasRole(identity.data.authorities, 'patient');

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Hi, {name}!
      </Typography>
      {isClient && (
        <Suspense fallback={null}>
          <PortalBalanceSummary />
        </Suspense>
      )}
    </Stack>
  );
}
