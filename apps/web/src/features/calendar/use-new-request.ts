import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import type { SchedulingRequestType } from './scheduling/scheduling-dialog';

/** `?new=` values of the New menu (paths.schedule.getHref) and the request type each opens. */
const NEW_REQUESTS: Record<string, SchedulingRequestType> = {
  appointment: 'Appointment',
  meeting: 'Meeting',
  outOfOffice: 'Out of Office',
};

/**
 * The New menu's items arrive as /schedule?new=appointment|meeting|outOfOffice:
 * each opens the scheduling dialog once, and the address forgets it, so a
 * reload does not open it again.
 */
export function useNewRequest(open: (requestType: SchedulingRequestType) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('new');
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (requested !== handledRequest) {
    // Adjusting state while rendering (not in an effect): the dialog opens in the same pass.
    setHandledRequest(requested);
    const requestType = requested === null ? undefined : NEW_REQUESTS[requested];
    if (requestType) open(requestType);
  }
  useEffect(() => {
    if (requested === null) return;
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);
}
