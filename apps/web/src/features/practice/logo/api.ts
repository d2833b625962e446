import type { ResponseOf } from '@openpractice/contracts';
import type { getPracticeLogo } from '@openpractice/contracts/practice/logo';
import type { LogoKind } from '@openpractice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

type LogoAnswer = ResponseOf<typeof getPracticeLogo>;
const logoKey = ['practice', 'logo'] as const;

export function usePracticeLogo() {
  return useQuery({
    queryKey: logoKey,
    queryFn: ({ signal }) => api.get<LogoAnswer>(apiPaths.practiceLogo, { signal }),
    select: (response) => response.data,
  });
}

/** The image's bytes as they are (the server checks them), with the CSRF header like any change. */
async function uploadLogo(kind: LogoKind, file: Blob): Promise<LogoAnswer> {
  const { token, headerName } = await api.getCsrfToken();
  let response: Response;
  try {
    response = await fetch(apiPaths.practiceLogoKind(kind), {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': file.type || 'application/octet-stream', [headerName]: token },
      body: file,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok) {
    const message =
      typeof body?.message === 'string'
        ? body.message
        : `The upload failed (status ${response.status}).`;
    throw new ApiError(response.status, message, body);
  }
  return body as LogoAnswer;
}

/** Uploading or removing refreshes the page and the navigation data (the top bar's logo). */
export function useChangeLogo(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: LogoKind; file: Blob | null }) =>
      change.file === null
        ? api.delete<LogoAnswer>(apiPaths.practiceLogoKind(change.kind))
        : uploadLogo(change.kind, change.file),
    onSuccess: (answer) => {
      queryClient.setQueryData(logoKey, answer);
      onChanged();
    },
  });
}
