import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clientKeys, practiceListKeys, type Unchanged } from './keys';

const paths = apiPaths.clientProfile;

export interface PracticeGroup {
  groupId: number;
  name: string;
  userNumber: number;
  activeMembers: number;
}

export interface GroupMembership {
  groupId: number;
  name: string;
  /** ISO dates. */
  joinedOn: string;
  leftOn: string | null;
}

export function getPracticeGroupsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.groups,
    queryFn: ({ signal }) => api.get<{ data: PracticeGroup[] }>(paths.allGroups, { signal }),
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
      api.get<{ data: GroupMembership[] }>(paths.clientGroups, { query: { patientId }, signal }),
    select: (response) => response.data,
  });
}

export function useGroupMemberships(patientId: number) {
  return useQuery(getGroupMembershipsQueryOptions(patientId));
}

type MembershipResult = Unchanged | { status: 'saved'; data: GroupMembership[] };

/** Joining and leaving: `referenceDate` is the day (ISO), the answer the new list. */
export function useChangeGroupMembership(patientId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { groupId: number; referenceDate: string }) =>
      api.post<MembershipResult>(change === 'add' ? paths.addToGroup : paths.removeFromGroup, {
        patientId,
        ...input,
      }),
    onSuccess: (result) => {
      if (result.status === 'saved') {
        queryClient.setQueryData(clientKeys.groups(patientId), { data: result.data });
      }
      // Member counts of the groups changed.
      void queryClient.invalidateQueries({ queryKey: practiceListKeys.groups });
    },
  });
}
