import { useMutation } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  deleteConfirmation,
  deletePreAuth,
  saveConfirmation,
  savePreAuth,
} from '@openpractice/contracts/insurance/authorizations';

import { apiPaths } from '../../../../../config/paths';
import { api } from '../../../../../lib/api-client';
import { useRefreshInsurance } from './insurance';

const paths = apiPaths.insurance;

/** The policy's and client's ids come from the hook. */
type OfPolicy = 'patientId' | 'insuranceId';

/** A call's body as the form sends it: every field given but the record's own id (absent: new). */
type FormInput<Body, Id extends keyof Body> = Required<Omit<Body, OfPolicy | Id>> & Pick<Body, Id>;

/** A pre-authorization as saved; dates ISO, `preAuthId` absent for a new one. */
export type PreAuthInput = FormInput<BodyOf<typeof savePreAuth>, 'preAuthId'>;

/** A benefits confirmation as saved; money in cents, `confirmationId` absent for a new one. */
export type ConfirmationInput = FormInput<BodyOf<typeof saveConfirmation>, 'confirmationId'>;

export function useSavePreAuth(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: PreAuthInput) =>
      api.post<ResponseOf<typeof savePreAuth>>(paths.savePreAuth, {
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
      api.post<ResponseOf<typeof deletePreAuth>>(paths.deletePreAuth, {
        patientId,
        insuranceId,
        preAuthId,
      }),
    onSuccess: refresh,
  });
}

export function useSaveConfirmation(patientId: number, insuranceId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: ConfirmationInput) =>
      api.post<ResponseOf<typeof saveConfirmation>>(paths.saveConfirmation, {
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
      api.post<ResponseOf<typeof deleteConfirmation>>(paths.deleteConfirmation, {
        patientId,
        insuranceId,
        confirmationId,
      }),
    onSuccess: refresh,
  });
}
