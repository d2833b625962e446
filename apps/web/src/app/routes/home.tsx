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

// The client's home (the portal, issue 21 item 4): their appointments, forms to complete and
// how to reach the practice, each its own area's part.
const MyAppointments = lazy(async () => ({
  default: (await import('../../features/clients/portal/my-appointments')).MyAppointments,
}));
const FormsToComplete = lazy(async () => ({
  default: (await import('../../features/forms/forms-to-complete')).FormsToComplete,
}));
const PracticeContactBlock = lazy(async () => ({
  default: (await import('../../features/practice/info/practice-contact-block'))
    .PracticeContactBlock,
}));

/**
 * `/`: a minimal signed-in home page until the dashboard arrives. A client (the portal) sees
 * their appointments, the forms they still have to complete, their balance with a link to pay
 * it and any warning about their saved cards, and how to reach the practice.
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
          <MyAppointments />
          <FormsToComplete />
          <PortalBalanceSummary />
          <PracticeContactBlock />
        </Suspense>
      )}
    </Stack>
  );
}
