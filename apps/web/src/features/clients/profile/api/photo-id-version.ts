import type { ResponseOf } from '@openpractice/contracts';
import type {
  acceptPhotoIdVersion,
  getPhotoIdVersion,
  rejectPhotoIdVersion,
} from '@openpractice/contracts/clients/profile/photo-id';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

/**
 * A new photo ID waiting for staff: uploaded by the client through the
 * portal ('client'), or through a staff upload link by someone not signed in
 * as the user it was issued to ('link'). It replaces nothing until accepted.
 */
export type PhotoIdVersion = NonNullable<ResponseOf<typeof getPhotoIdVersion>['version']>;

const versionKey = (patientId: number) => [...clientKeys.all(patientId), 'photoIdVersion'] as const;

export function usePhotoIdVersion(patientId: number) {
  return useQuery({
    queryKey: versionKey(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPhotoIdVersion>>(paths.photoIdVersion, {
        query: { patientId },
        signal,
      }),
    select: (answer) => answer.version,
  });
}

/** Accepts (the new image becomes the photo ID) or rejects (it is removed) the waiting version. */
export function useDecidePhotoIdVersion(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, accept }: { versionId: number; accept: boolean }) =>
      api.post<ResponseOf<typeof acceptPhotoIdVersion> | ResponseOf<typeof rejectPhotoIdVersion>>(
        accept ? paths.acceptPhotoIdVersion : paths.rejectPhotoIdVersion,
        { patientId, versionId },
      ),
    // Accepting changes the profile's photo (and drops its reading): reload the client.
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(patientId) }),
  });
}
