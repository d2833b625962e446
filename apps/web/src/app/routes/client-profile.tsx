import { hasRole } from '@openpractice/domain';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

import { ClientProfilePage } from '../../features/clients/profile/client-profile-page';
import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { LoginHistoryPage } from '../../features/clients/profile/portal/login-history-page';
import { useIdentity } from '../../features/identity/api';
import { ProfilePanelsProvider, type ProfilePanels } from '../../lib/profile-panels';
import { PageSpinner } from '../../ui/page-spinner';
import { NotFoundPage } from './not-found';

// Loaded when the tab opens: the profile page's JavaScript is at its budget.
const SavedCardsPanel = lazy(async () => ({
  default: (await import('../../features/billing/cards/saved-cards-panel')).SavedCardsPanel,
}));

/** The billing feature's panels in the profile (features never import each other). */
const PANELS: ProfilePanels = {
  savedCards: (patientId) => (
    <Suspense fallback={<PageSpinner label="Loading saved cards" />}>
      <SavedCardsPanel patientId={patientId} withHeading={false} />
    </Suspense>
  ),
};

/** Roles that may read a client's clinical notes (the server checks the client relation too). */
function mayOpenRecords(authorities: readonly string[]): boolean {
  return (['therapist', 'manager', 'custodian'] as const).some((role) =>
    hasRole(authorities, role),
  );
}

/** `/client/{id}`: the client profile. Managers also see the client's outbound emails. */
export function ClientProfileRoute() {
  const patientId = patientIdOf(useParams().id);
  const identity = useIdentity();
  if (patientId === null) return <NotFoundPage fullPage={false} />;
  return (
    <ProfilePanelsProvider value={PANELS}>
      <ClientProfilePage
        key={patientId}
        patientId={patientId}
        canViewEmailLog={hasRole(identity.data?.authorities ?? [], 'manager')}
        canViewAccessHistory={hasRole(identity.data?.authorities ?? [], 'reporting')}
        canReadRecords={mayOpenRecords(identity.data?.authorities ?? [])}
      />
    </ProfilePanelsProvider>
  );
}

/** `/client/{id}/loginHistory`: the client's portal sign-ins. */
export function ClientLoginHistoryRoute() {
  const patientId = patientIdOf(useParams().id);
  if (patientId === null) return <NotFoundPage fullPage={false} />;
  return <LoginHistoryPage key={patientId} patientId={patientId} />;
}
