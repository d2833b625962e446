import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getClinicalInformation,
  updateClinicalInformation,
} from '@openpractice/contracts/clients/profile/clinical';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';

const paths = apiPaths.clientProfile;

export { MAX_DIAGNOSES } from '@openpractice/domain';

export type ClinicalInformation = ResponseOf<typeof getClinicalInformation>;
export type Diagnosis = ClinicalInformation['diagnoses'][number];
export type AccidentInformation = NonNullable<ClinicalInformation['accidentInformation']>;
/** What the form sends: every part, so a cleared value is saved as cleared. */
export type ClinicalInput = Required<Omit<BodyOf<typeof updateClinicalInformation>, 'patientId'>>;

export function getClinicalQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.clinical(patientId),
    queryFn: ({ signal }) =>
      api.get<ClinicalInformation>(paths.clinical, { query: { patientId }, signal }),
  });
}

export function useClinicalInformation(patientId: number) {
  return useQuery(getClinicalQueryOptions(patientId));
}

export function useUpdateClinicalInformation(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClinicalInput) =>
      api.post<ResponseOf<typeof updateClinicalInformation>>(paths.updateClinical, {
        patientId,
        ...input,
      }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      const clinical: ClinicalInformation = {
        diagnosisCode: result.diagnosisCode,
        diagnoses: result.diagnoses,
        illnessOnsetDate: result.illnessOnsetDate,
        accidentInformation: result.accidentInformation,
      };
      queryClient.setQueryData(clientKeys.clinical(patientId), clinical);
    },
  });
}
