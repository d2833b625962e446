import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../../config/paths';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '../../../../../lib/api-client';
import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { postEligibilityRequestHistory } from '@openpractice/contracts/eligibility/checks';
import type { listStandardCptCodes } from '@openpractice/contracts/insurance/authorizations';
import type {
  acceptInsuranceCardVersion,
  deleteInsuranceCardPhoto,
  getInsuranceCardUploadUrl,
  getInsuranceCardVersions,
  rejectInsuranceCardVersion,
} from '@openpractice/contracts/insurance/cards';
import type { listPracticeInsurance } from '@openpractice/contracts/insurance/payers';
import type {
  convertInsurance,
  deleteInsurance,
  listInsurance,
  saveInsurance,
} from '@openpractice/contracts/insurance/policies';

const paths = apiPaths.insurance;

/** Under the client's key, so anything that refreshes the whole client refreshes this too. */
export const insuranceKeys = {
  list: (patientId: number) => ['client', patientId, 'insurance'] as const,
  cptCodes: (patientId: number, therapistId: number | null) =>
    ['client', patientId, 'insurance', 'cptCodes', therapistId] as const,
  payers: ['practice', 'insurance', 'forPolicies'] as const,
  eligibilityHistory: (patientId: number) =>
    ['client', patientId, 'insurance', 'eligibilityHistory'] as const,
  cardVersions: (patientId: number) => ['client', patientId, 'insurance', 'cardVersions'] as const,
};

export function getClientInsuranceQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: insuranceKeys.list(patientId),
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof listInsurance>>(paths.list, { patientId }, { signal }),
  });
}

export function useClientInsurance(patientId: number) {
  return useQuery(getClientInsuranceQueryOptions(patientId));
}

/** The practice's active payers, to choose a policy's insurance from. */
export function usePracticePayers(enabled: boolean) {
  return useQuery({
    queryKey: insuranceKeys.payers,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeInsurance>>(apiPaths.practiceInsurance, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** CPT codes a pre-authorization picks from; the therapist's primary code first. */
export function useStandardCptCodes(patientId: number, therapistId: number | null) {
  return useQuery({
    queryKey: insuranceKeys.cptCodes(patientId, therapistId),
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof listStandardCptCodes>>(
        paths.standardCptCodes,
        { patientId, ...(therapistId === null ? {} : { therapistId }) },
        { signal },
      ),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

/** The client's eligibility checks (the eligibility feature's call), for the tab's short list. */
export function useEligibilityHistory(patientId: number) {
  return useQuery({
    queryKey: insuranceKeys.eligibilityHistory(patientId),
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof postEligibilityRequestHistory>>(
        apiPaths.eligibility.history,
        { patientId },
        { signal },
      ),
  });
}

/** Every change reloads the list: the server settles order, current flags and signed addresses. */
export function useRefreshInsurance(patientId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: insuranceKeys.list(patientId) });
}

type SaveInsuranceBody = BodyOf<typeof saveInsurance>;

/** A policy as the form saves it, every field given; the client is the hook's, `insuranceId` absent for a new one. */
export type PolicyInput = Required<Omit<SaveInsuranceBody, 'patientId' | 'insuranceId'>> &
  Pick<SaveInsuranceBody, 'insuranceId'>;

export type SavePolicyResult = ResponseOf<typeof saveInsurance>;

export function useSavePolicy(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: PolicyInput) =>
      api.post<SavePolicyResult>(paths.saveInsurance, { patientId, ...input }),
    onSuccess: refresh,
  });
}

export function useDeletePolicy(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (insuranceId: number) =>
      api.post<ResponseOf<typeof deleteInsurance>>(paths.deleteInsurance, {
        patientId,
        insuranceId,
      }),
    onSuccess: refresh,
  });
}

export function useConvertPolicy(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (insuranceId: number) =>
      api.post<ResponseOf<typeof convertInsurance>>(paths.convertInsurance, {
        patientId,
        insuranceId,
      }),
    onSuccess: refresh,
  });
}

/** Insurance card images upload as PNG. */
export const CARD_CONTENT_TYPE = 'image/png';

/**
 * Uploads a card: asks for a signed address, PUTs the PNG there with the
 * CSRF header like any other change (the storage route wants it), then
 * reloads the list, whose card address now reads the new image.
 */
export function useUploadCardPhoto(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: async ({ insuranceId, file }: { insuranceId: number; file: Blob }) => {
      const grant = await api.get<ResponseOf<typeof getInsuranceCardUploadUrl>>(
        paths.cardUploadUrl,
        {
          query: { userInsuranceId: insuranceId },
        },
      );
      if (file.size > grant.maxBytes) throw new ApiError(413, 'The file is too large.');
      const { token, headerName } = await api.getCsrfToken();
      let response: Response;
      try {
        response = await fetch(grant.url, {
          method: 'PUT',
          credentials: 'include',
          headers: { 'content-type': grant.contentType, [headerName]: token },
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
    onSettled: refresh,
  });
}

export function useDeleteCardPhoto(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (insuranceId: number) =>
      api.delete<ResponseOf<typeof deleteInsuranceCardPhoto>>(paths.deleteCardPhoto, {
        query: { userInsuranceId: insuranceId },
      }),
    onSuccess: refresh,
  });
}

/**
 * A card photo waiting for staff: uploaded by the client through the portal
 * ('client'), or through a staff upload link by someone not signed in as the
 * user it was issued to ('link'). It replaces nothing until accepted.
 */
export type CardVersion = ResponseOf<typeof getInsuranceCardVersions>['data'][number];

/** The client's waiting card photos, newest first (at most one per policy: a new one supersedes). */
export function useCardVersions(patientId: number) {
  return useQuery({
    queryKey: insuranceKeys.cardVersions(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getInsuranceCardVersions>>(paths.cardVersions, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.data,
  });
}

/**
 * Accepts (the new image becomes the policy's card) or rejects (it is
 * removed) a waiting card photo. Settled either way, the tab reloads: a
 * version another user decided meanwhile disappears too.
 */
export function useDecideCardVersion(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: ({ versionId, accept }: { versionId: number; accept: boolean }) =>
      api.post<ResponseOf<typeof acceptInsuranceCardVersion | typeof rejectInsuranceCardVersion>>(
        accept ? paths.acceptCardVersion : paths.rejectCardVersion,
        { patientId, versionId },
      ),
    onSettled: refresh,
  });
}
