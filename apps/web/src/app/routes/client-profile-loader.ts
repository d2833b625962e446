import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import {
  getClientProfileQueryOptions,
  getClientTherapistsQueryOptions,
} from '../../features/clients/profile/api/profile';
import { clientAppointmentsQueryOptions } from '../../features/clients/profile/appointments/api';
import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { mayReadAppointments } from '../../features/clients/profile/tabs';

function ignore(): void {
  // The page shows the failure when it reads the same query.
}

/**
 * Starts loading what the header shows alongside the page's code: the record and the client's
 * therapists at once, and the next appointment as soon as the record says the caller may read
 * it (the header's next appointment is a phone's largest text: issue 24). The page shows any
 * failure when it reads the same queries.
 */
export function clientProfileLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const patientId = patientIdOf(params.id);
    if (patientId !== null) {
      queryClient.query(getClientTherapistsQueryOptions(patientId)).catch(ignore);
      queryClient
        .query(getClientProfileQueryOptions(patientId))
        .then((profile) =>
          mayReadAppointments(profile)
            ? queryClient.query(clientAppointmentsQueryOptions(patientId))
            : undefined,
        )
        .catch(ignore);
    }
    return null;
  };
}
