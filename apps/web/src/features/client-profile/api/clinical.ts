import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clientKeys, practiceListKeys, type Unchanged } from './keys';

const paths = apiPaths.clientProfile;

export { MAX_DIAGNOSES } from '@openpractice/domain';

export interface Diagnosis {
  code: string;
  description: string;
}

export interface AccidentInformation {
  accidentCauseEmployment: boolean;
  accidentCauseDriving: boolean;
  accidentCauseOther: boolean;
  accidentCauseState: string | null;
}

export interface ClinicalInformation {
  diagnosisCode: string[];
  diagnoses: Diagnosis[];
  /** ISO date. */
  illnessOnsetDate: string | null;
  accidentInformation: AccidentInformation | null;
}

export interface ClinicalInput {
  diagnosisCode: string[];
  illnessOnsetDate: string | null;
  accidentInformation: AccidentInformation | null;
}

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
      api.post<Unchanged | ({ status: 'saved' } & ClinicalInformation)>(paths.updateClinical, {
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

/** ICD-10 codes by code prefix or words of the description; nothing for blank text. */
export function getIcd10SearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: practiceListKeys.icd10(q),
    queryFn: ({ signal }) =>
      api.get<{ data: Diagnosis[] }>(paths.icd10Search, { query: { q }, signal }),
    select: (response) => response.data,
    enabled: q.trim() !== '',
    staleTime: 5 * 60_000,
  });
}

export function useIcd10Search(q: string) {
  return useQuery(getIcd10SearchQueryOptions(q));
}
