import { useInfiniteQuery } from '@tanstack/react-query';

import { clientKeys } from '../api/keys';
import { fetchAppointmentsPage } from './api';

/**
 * The history's pages after the first, from the first page's cursor on, once asked for. Kept
 * apart from the first page so the profile page loads without the paging code (it is lazy,
 * with the tab). Under the client's appointments key: refreshing those refreshes these.
 */
export function useLaterAppointments(patientId: number, after: string | null, asked: boolean) {
  return useInfiniteQuery({
    queryKey: [...clientKeys.appointments(patientId), 'after', after] as const,
    queryFn: ({ pageParam, signal }) => fetchAppointmentsPage(patientId, pageParam, signal),
    initialPageParam: after,
    getNextPageParam: (last) => last.nextCursor,
    enabled: asked && after !== null,
  });
}
