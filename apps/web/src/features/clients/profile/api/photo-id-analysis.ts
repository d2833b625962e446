import type { ResponseOf } from '@openpractice/contracts';
import type {
  analyzePhotoId,
  applyPhotoIdAnalysis,
  getPhotoIdAnalysisStatus,
} from '@openpractice/contracts/clients/profile/photo-id';
import type { PhotoIdPart } from '@openpractice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys, practiceListKeys } from './keys';

const paths = apiPaths.clientProfile;

/** Whether the practice has a photo ID analysis service, and if not, why not. */
export type PhotoIdAnalysisStatus = ResponseOf<typeof getPhotoIdAnalysisStatus>;
export type PhotoIdReading = ResponseOf<typeof analyzePhotoId>;
export type ApplyPhotoIdResult = ResponseOf<typeof applyPhotoIdAnalysis>;

export function usePhotoIdAnalysisStatus(enabled: boolean) {
  return useQuery({
    queryKey: practiceListKeys.photoIdAnalysisStatus,
    queryFn: ({ signal }) =>
      api.get<PhotoIdAnalysisStatus>(paths.photoIdAnalysisStatus, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Reads the client's stored photo ID through the analysis service (changes nothing yet). */
export function useAnalyzePhotoId(patientId: number) {
  return useMutation({
    mutationFn: () => api.get<PhotoIdReading>(paths.analyzePhotoId, { query: { patientId } }),
  });
}

/** Writes the chosen parts of the last reading; everything about the client is reloaded. */
export function useApplyPhotoIdAnalysis(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parts: PhotoIdPart[]) =>
      api.post<ApplyPhotoIdResult>(paths.applyPhotoIdAnalysis, { patientId, parts }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(patientId) }),
  });
}
