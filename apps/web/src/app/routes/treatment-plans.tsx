import { useParams, useSearchParams } from 'react-router';

import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { useProtectedAction } from '../../features/identity/session/use-protected-action';
import { TreatmentPlansPage } from '../../features/treatment-plans/treatment-plans-page';
import { NotFoundPage } from './not-found';
import { usePracticeTimeZone } from './practice-time-zone';

/**
 * `/client/{id}/records/treatmentPlans/{therapistId?}` and its iframe twin: the plans page,
 * with signing run as a protected action (Verify Password) and dates on the practice's clocks.
 */
function PlansRoute({ embedded }: { embedded: boolean }) {
  const params = useParams();
  const [search] = useSearchParams();
  const patientId = patientIdOf(params.id);
  const therapistId = params.therapistId === undefined ? null : patientIdOf(params.therapistId);
  const planId = patientIdOf(search.get('planId') ?? undefined);
  const runProtected = useProtectedAction();
  const timeZone = usePracticeTimeZone();
  if (patientId === null || (params.therapistId !== undefined && therapistId === null)) {
    return <NotFoundPage fullPage={false} />;
  }
  return (
    <TreatmentPlansPage
      key={`${patientId}-${therapistId ?? ''}`}
      patientId={patientId}
      therapistId={therapistId}
      planId={planId}
      runProtected={runProtected}
      embedded={embedded}
      timeZone={timeZone}
    />
  );
}

export function ClientPlansRoute() {
  return <PlansRoute embedded={false} />;
}

export function EmbeddedPlansRoute() {
  return <PlansRoute embedded />;
}
