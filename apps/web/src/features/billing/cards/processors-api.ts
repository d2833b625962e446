import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { listProcessors, saveProcessor } from '@openpractice/contracts/billing/cards';
import type {
  connectStripe,
  getProcessorCompliance,
  saveProcessorCompliance,
} from '@openpractice/contracts/billing/processor-setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { billingKeys } from '../api';

export type ProcessorBody = BodyOf<typeof saveProcessor>;
export type ConnectStripeBody = BodyOf<typeof connectStripe>;
export type ComplianceBody = BodyOf<typeof saveProcessorCompliance>;
export type ComplianceView = ResponseOf<typeof getProcessorCompliance>['data'];
type ProcessorsAnswer = ResponseOf<typeof listProcessors>;

const processorsKey = [...billingKeys.all, 'processors'] as const;
const complianceKey = (processorId: number) => [...processorsKey, 'compliance', processorId];

/** Every processor of the practice (the set-up page), active or not. */
export function usePracticeProcessors() {
  return useQuery({
    queryKey: processorsKey,
    queryFn: ({ signal }) => api.get<ProcessorsAnswer>('/api/cardProcessor/list', { signal }),
    select: (answer) => answer.data,
  });
}

export function useSaveProcessor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessorBody) =>
      api.post<ResponseOf<typeof saveProcessor>>('/api/cardProcessor/taProcessor', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Connects a Stripe account; the keys go once and are never read back. */
export function useConnectStripe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectStripeBody) =>
      api.post<ResponseOf<typeof connectStripe>>('/api/cardProcessor/connectStripe', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useProcessorCompliance(processorId: number | undefined) {
  return useQuery({
    enabled: processorId !== undefined,
    queryKey: complianceKey(processorId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getProcessorCompliance>>('/api/cardProcessor/compliance', {
        query: { processorId: processorId ?? 0 },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

export function useSaveCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceBody) =>
      api.post<ResponseOf<typeof saveProcessorCompliance>>('/api/cardProcessor/compliance', body),
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: complianceKey(body.processorId) }),
  });
}
