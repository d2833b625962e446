import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { useRefreshInsurance } from './insurance';
import type { Saved, Unchanged } from './types';

const paths = apiPaths.insurance;

/** A pre-authorization as saved; dates ISO, `preAuthId` absent for a new one. */
export interface PreAuthInput {
  preAuthId?: number;
  authNumber: string;
  authDate: string | null;
  startDate: string | null;
  endDate: string | null;
  visitsAuthorized: number | null;
  cptCodes: string[];
  notes: string | null;
}

/** A benefits confirmation as saved; money in cents, `confirmationId` absent for a new one. */
export interface ConfirmationInput {
  confirmationId?: number;
  authDate: string | null;
  referenceNumber: string | null;
  representative: string | null;
  copayCents: number | null;
  coinsurancePercent: number | null;
  deductibleCents: number | null;
  deductibleRemainingCents: number | null;
  visitsPerYear: number | null;
  notes: string | null;
}

export function useSavePreAuth(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: PreAuthInput) =>
      api.post<Unchanged | (Saved & { authId: number })>(paths.savePreAuth, {
        patientId,
        insuranceId,
        ...input,
      }),
    onSuccess: refresh,
  });
}

export function useDeletePreAuth(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (preAuthId: number) =>
      api.post<{ status: 'deleted' }>(paths.deletePreAuth, { patientId, insuranceId, preAuthId }),
    onSuccess: refresh,
  });
}

export function useSaveConfirmation(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: ConfirmationInput) =>
      api.post<Unchanged | (Saved & { confirmationId: number })>(paths.saveConfirmation, {
        patientId,
        insuranceId,
        ...input,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteConfirmation(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (confirmationId: number) =>
      api.post<{ status: 'deleted' }>(paths.deleteConfirmation, {
        patientId,
        insuranceId,
        confirmationId,
      }),
    onSuccess: refresh,
  });
}
