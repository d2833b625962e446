import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { RecordsPage } from '../../features/charting/records/records-page';
import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { getPracticeSettingsQueryOptions } from '../../features/practice/api';
import { NotFoundPage } from './not-found';
import { usePracticeTimeZone } from './practice-time-zone';

function ignore(): void {
  // The page reads the same query.
}

export function recordsLoader(queryClient: QueryClient) {
  return () => {
    queryClient.query(getPracticeSettingsQueryOptions()).catch(ignore);
    return null;
  };
}

/** `/client/{id}/records`: the client's notes and addenda, times on the practice's clocks. */
export function RecordsRoute() {
  const patientId = patientIdOf(useParams().id);
  const timeZone = usePracticeTimeZone();
  if (patientId === null) return <NotFoundPage fullPage={false} />;
  return <RecordsPage key={patientId} patientId={patientId} timeZone={timeZone} />;
}
