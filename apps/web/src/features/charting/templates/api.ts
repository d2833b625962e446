import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  listManagedTemplates,
  saveTemplateVersion,
} from '@openpractice/contracts/charting/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';
import { chartingKeys } from '../api/keys';

export type ManagedTemplate = ResponseOf<typeof listManagedTemplates>['data'][number];
export type TemplateVersionInput = BodyOf<typeof saveTemplateVersion>;

/** Every template the practice uses, with its versions and how many notes each has (managers). */
export function useManagedTemplates() {
  return useQuery({
    queryKey: chartingKeys.managedTemplates,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listManagedTemplates>>(chartingApi.charting.managedTemplates, {
        signal,
      }),
    select: (response) => response.data,
  });
}

/** A new version of a template; the picker's list (every note started from now) follows. */
export function useSaveTemplateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: string; input: TemplateVersionInput }) =>
      api.post<ResponseOf<typeof saveTemplateVersion>>(
        chartingApi.charting.templateVersions(key),
        input,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chartingKeys.templates });
    },
  });
}
