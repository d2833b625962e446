import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { listProcessors, saveProcessor } from '@openpractice/contracts/billing/cards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { billingKeys } from '../api';

export type ProcessorBody = BodyOf<typeof saveProcessor>;
type ProcessorsAnswer = ResponseOf<typeof listProcessors>;

const processorsKey = [...billingKeys.all, 'processors'] as const;

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
