import type { ResponseOf } from '@openpractice/contracts';
import type { getPracticeLogo } from '@openpractice/contracts/practice/logo';
import type { LogoKind } from '@openpractice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { uploadBytes } from '../../../lib/upload-bytes';

type LogoAnswer = ResponseOf<typeof getPracticeLogo>;
const logoKey = ['practice', 'logo'] as const;

export function usePracticeLogo() {
  return useQuery({
    queryKey: logoKey,
    queryFn: ({ signal }) => api.get<LogoAnswer>(apiPaths.practiceLogo, { signal }),
    select: (response) => response.data,
  });
}

/** Uploading or removing refreshes the page and the navigation data (the top bar's logo). */
export function useChangeLogo(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: LogoKind; file: Blob | null }) =>
      change.file === null
        ? api.delete<LogoAnswer>(apiPaths.practiceLogoKind(change.kind))
        : uploadBytes<LogoAnswer>('PUT', apiPaths.practiceLogoKind(change.kind), change.file),
    onSuccess: (answer) => {
      queryClient.setQueryData(logoKey, answer);
      onChanged();
    },
  });
}
