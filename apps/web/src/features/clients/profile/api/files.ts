import type { ResponseOf } from '@openpractice/contracts';
import type {
  deletePhotoId,
  getPhotoIdUploadUrl,
} from '@openpractice/contracts/clients/profile/photo-id';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client';
import { clientKeys } from './keys';
import type { ClientProfile } from './profile';

const paths = apiPaths.clientProfile;

/** Photo IDs upload as PNG (spec-2 §4). */
export const PHOTO_ID_CONTENT_TYPE = 'image/png';

/**
 * Uploads a photo ID: asks for a signed address, PUTs the file there with
 * the CSRF header like any other change (the storage route wants it), then
 * reloads the profile, whose photoIdS3Url now reads the new file.
 */
export function useUploadPhotoId(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => {
      const grant = await api.get<ResponseOf<typeof getPhotoIdUploadUrl>>(paths.photoIdUploadUrl, {
        query: { patientId },
      });
      if (file.size > grant.maxBytes) throw new ApiError(413, 'The file is too large.');
      const { token, headerName } = await api.getCsrfToken();
      let response: Response;
      try {
        response = await fetch(grant.url, {
          method: 'PUT',
          credentials: 'include',
          headers: { 'content-type': PHOTO_ID_CONTENT_TYPE, [headerName]: token },
          body: file,
        });
      } catch {
        throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        const message =
          typeof body?.message === 'string'
            ? body.message
            : `The upload failed (status ${response.status}).`;
        throw new ApiError(response.status, message, body);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.profile(patientId) }),
  });
}

export function useDeletePhotoId(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<ResponseOf<typeof deletePhotoId>>(paths.deletePhotoId, {
        query: { patientId },
      }),
    onSuccess: () => {
      queryClient.setQueryData<ClientProfile>(clientKeys.profile(patientId), (old) =>
        old ? { ...old, photoIdS3Url: null } : old,
      );
    },
  });
}

/** The face sheet PDF's address, opened in a new tab. */
export function faceSheetHref(patientId: number): string {
  return paths.faceSheetHref(patientId);
}
