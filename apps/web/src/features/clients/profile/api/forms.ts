import type { ResponseOf } from '@openpractice/contracts';
import type {
  autoAssignForms,
  listPendingForms,
} from '@openpractice/contracts/clients/profile/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

/** A form given to the client. */
export type ClientForm = ResponseOf<typeof listPendingForms>['forms'][number];

export function usePendingForms(patientId: number) {
  return useQuery({
    queryKey: clientKeys.pendingForms(patientId),
    queryFn: async ({ signal }) =>
      (
        await api.get<ResponseOf<typeof listPendingForms>>(paths.pendingForms, {
          query: { patientId },
          signal,
        })
      ).forms,
  });
}

/** Gives the client the practice's automatic forms they do not have yet. */
export function useAutoAssignForms(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<typeof autoAssignForms>>(paths.autoAssignForms, { patientId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: clientKeys.pendingForms(patientId) }),
  });
}
