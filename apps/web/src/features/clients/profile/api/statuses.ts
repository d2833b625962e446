import { CLIENT_STATUSES, CLIENT_STATUS_LABELS, type ClientStatus } from '@openpractice/domain';
import type { ResponseOf } from '@openpractice/contracts';
import type { getStatus, updateStatus } from '@openpractice/contracts/clients/profile/statuses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';
import type { ClientProfile } from './profile';

const paths = apiPaths.clientProfile;

/** A client's status with each therapist: the domain's values and labels. */
export const CLIENT_STATUS_OPTIONS = CLIENT_STATUSES.map((value) => ({
  value,
  label: CLIENT_STATUS_LABELS[value],
}));
export type ClientStatusValue = ClientStatus;

export type ClientStatuses = ResponseOf<typeof getStatus>;
/** Setting one status, archiving and unarchiving all answer the statuses as saved. */
type StatusesResult = ResponseOf<typeof updateStatus>;

export function getClientStatusesQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.statuses(patientId),
    queryFn: ({ signal }) =>
      api.get<ClientStatuses>(paths.status, { query: { patientId }, signal }),
  });
}

export function useClientStatuses(patientId: number) {
  return useQuery(getClientStatusesQueryOptions(patientId));
}

/** After a change: the statuses tab, the header's status and the therapists list agree. */
function useStatusesSaved(patientId: number) {
  const queryClient = useQueryClient();
  return (result: StatusesResult) => {
    if (result.status !== 'saved') return;
    const statuses: ClientStatuses = {
      data: result.data,
      isInactiveForAll: result.isInactiveForAll,
    };
    queryClient.setQueryData(clientKeys.statuses(patientId), statuses);
    queryClient.setQueryData<ClientProfile>(clientKeys.profile(patientId), (old) =>
      old ? { ...old, status: statuses } : old,
    );
    void queryClient.invalidateQueries({ queryKey: clientKeys.therapists(patientId) });
  };
}

export function useUpdateClientStatus(patientId: number) {
  const onSaved = useStatusesSaved(patientId);
  return useMutation({
    mutationFn: (input: { therapistId: number; status: ClientStatusValue }) =>
      api.post<StatusesResult>(paths.updateStatus, { patientId, ...input }),
    onSuccess: onSaved,
  });
}

/** Archive sets every status to INACTIVE; unarchive sets every status to ACTIVE. */
export function useArchiveClient(patientId: number, action: 'archive' | 'unarchive') {
  const onSaved = useStatusesSaved(patientId);
  return useMutation({
    mutationFn: () => api.post<StatusesResult>(paths[action], { patientId }),
    onSuccess: onSaved,
  });
}
