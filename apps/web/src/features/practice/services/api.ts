import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  listFeeSchedules,
  listOfferings,
  listServices,
  saveFeeSchedule,
  saveOfferings,
  saveService,
  setServiceActive,
} from '@openpractice/contracts/practice/services';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type ManagedService = ResponseOf<typeof listServices>['data'][number];
export type ServiceSave = BodyOf<typeof saveService>;
export type FeeSchedules = ResponseOf<typeof listFeeSchedules>['data'];
export type Offering = ResponseOf<typeof listOfferings>['data'][number];

const key = ['practice', 'services'] as const;
const paths = apiPaths.practicePlaces;

export function useServices(includeInactive: boolean) {
  return useQuery({
    queryKey: [...key, 'list', { includeInactive }] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listServices>>(paths.services, {
        query: { includeInactive },
        signal,
      }),
    select: (r) => r.data,
    // Showing inactive services keeps the page (and unsaved ticks below the list) in place
    // while the longer list loads, instead of emptying it for a moment.
    placeholderData: keepPreviousData,
  });
}

export function useFeeSchedules() {
  return useQuery({
    queryKey: [...key, 'fees'] as const,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof listFeeSchedules>>(paths.fees, { signal }),
    select: (r) => r.data,
  });
}

function useServiceMutation<B>(send: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveService = () =>
  useServiceMutation((body: ServiceSave) =>
    api.post<ResponseOf<typeof saveService>>(paths.saveService, body),
  );

export const useSetServiceActive = () =>
  useServiceMutation((body: BodyOf<typeof setServiceActive>) =>
    api.post<ResponseOf<typeof setServiceActive>>(paths.setServiceActive, body),
  );

export const useSaveFeeSchedule = () =>
  useServiceMutation((body: BodyOf<typeof saveFeeSchedule>) =>
    api.put<ResponseOf<typeof saveFeeSchedule>>(paths.fees, body),
  );

const offeringsKey = [...key, 'offerings'] as const;

export function useOfferings() {
  return useQuery({
    queryKey: offeringsKey,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof listOfferings>>(paths.offerings, { signal }),
    select: (r) => r.data,
  });
}

/**
 * Saves one therapist's services. The answer goes straight into the list, so a therapist saved
 * while another's save fails shows as saved at once, without waiting for a refetch.
 */
export function useSaveOfferings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveOfferings>) =>
      api.put<ResponseOf<typeof saveOfferings>>(paths.offerings, body),
    onSuccess: ({ data: saved }) => {
      queryClient.setQueryData<ResponseOf<typeof listOfferings>>(offeringsKey, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((o) =>
                o.therapistId === saved.therapistId ? { ...o, productIds: saved.productIds } : o,
              ),
            }
          : old,
      );
    },
  });
}
