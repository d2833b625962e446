import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  closeLocation,
  listLocationClosing,
  listLocations,
  saveLocation,
  setLocationActive,
} from '@openpractice/contracts/practice/locations';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type ManagedLocation = ResponseOf<typeof listLocations>['data'][number];
export type LocationSave = BodyOf<typeof saveLocation>;
export type LocationClosing = ResponseOf<typeof listLocationClosing>['data'];

const key = ['practice', 'locations'] as const;
const paths = apiPaths.practicePlaces;

export function useLocations(includeInactive: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'list', { includeInactive }] as const,
      queryFn: ({ signal }) =>
        api.get<ResponseOf<typeof listLocations>>(paths.locations, {
          query: { includeInactive },
          signal,
        }),
      select: (r) => r.data,
    }),
  );
}

export function useLocationClosing(practiceLocationId: number | null, closesOn: string) {
  return useQuery({
    queryKey: [...key, 'closing', { practiceLocationId, closesOn }] as const,
    enabled: practiceLocationId !== null && /^\d{4}-\d{2}-\d{2}$/.test(closesOn),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listLocationClosing>>(paths.closeLocation, {
        query: { practiceLocationId: String(practiceLocationId), closesOn },
        signal,
      }),
    select: (r) => r.data,
  });
}

function useLocationMutation<B>(post: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveLocation = () =>
  useLocationMutation((body: LocationSave) =>
    api.post<ResponseOf<typeof saveLocation>>(paths.saveLocation, body),
  );

export const useSetLocationActive = () =>
  useLocationMutation((body: BodyOf<typeof setLocationActive>) =>
    api.post<ResponseOf<typeof setLocationActive>>(paths.setLocationActive, body),
  );

export const useCloseLocation = () =>
  useLocationMutation((body: BodyOf<typeof closeLocation>) =>
    api.post<ResponseOf<typeof closeLocation>>(paths.closeLocation, body),
  );
