import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  addToGroup,
  listAllGroups,
  listPatientGroups,
} from '@openpractice/contracts/clients/profile/groups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys, practiceListKeys } from './keys';

const paths = apiPaths.clientProfile;

export type PracticeGroup = ResponseOf<typeof listAllGroups>['data'][number];
export type GroupMembership = ResponseOf<typeof listPatientGroups>['data'][number];

export function getPracticeGroupsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.groups,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof listAllGroups>>(paths.allGroups, { signal }),
    select: (response) => response.data,
  });
}

export function usePracticeGroups() {
  return useQuery(getPracticeGroupsQueryOptions());
}

export function getGroupMembershipsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.groups(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPatientGroups>>(paths.clientGroups, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useGroupMemberships(patientId: number) {
  return useQuery(getGroupMembershipsQueryOptions(patientId));
}

/** Joining and leaving: `referenceDate` is the day (ISO), the answer the new list. */
export function useChangeGroupMembership(patientId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<BodyOf<typeof addToGroup>, 'patientId'>) =>
      // Joining and leaving answer alike: the new list.
      api.post<ResponseOf<typeof addToGroup>>(
        change === 'add' ? paths.addToGroup : paths.removeFromGroup,
        { patientId, ...input },
      ),
    onSuccess: (result) => {
      if (result.status === 'saved') {
        queryClient.setQueryData(clientKeys.groups(patientId), { data: result.data });
      }
      // Member counts of the groups changed.
      void queryClient.invalidateQueries({ queryKey: practiceListKeys.groups });
    },
  });
}
