import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  assignForms,
  clientForms,
  viewResponse,
} from '@openpractice/contracts/forms/assignments';
import type {
  addLibraryForm,
  createDefinition,
  getDefinition,
  listDefinitions,
  listLibrary,
  unsupportedDefinitions,
} from '@openpractice/contracts/forms/definitions';
import type { clientMeasures, myMeasureAlerts } from '@openpractice/contracts/forms/measures';
import type { myForms } from '@openpractice/contracts/forms/portal';
import type { FormAnswers, Questionnaire } from '@openpractice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { formApi as paths } from '../../config/paths/api-forms';
import { api } from '../../lib/api-client';

export type DefinitionSummary = ResponseOf<typeof listDefinitions>['data'][number];
// The contract types a stored definition as zod's `ZodType<Questionnaire>`, whose input side
// is unknown; the answers carry the domain's Questionnaire.
type Q = { questionnaire: Questionnaire };
export type DefinitionDetail = Omit<
  ResponseOf<typeof getDefinition>['data'],
  'published' | 'draft' | 'shown'
> & { published: Questionnaire | null; draft: Questionnaire | null; shown: Questionnaire | null };
export type LibraryEntry = Omit<ResponseOf<typeof listLibrary>['data'][number], 'questionnaire'> &
  Q;
export type Assignment = ResponseOf<typeof clientForms>['data'][number];
export type ResponseDetail = Omit<
  ResponseOf<typeof viewResponse>['data'],
  'questionnaire' | 'answers'
> &
  Q & { answers: FormAnswers };
export type MeasureHistory = ResponseOf<typeof clientMeasures>['data'][number];
export type MeasureAlert = ResponseOf<typeof myMeasureAlerts>['data'][number];

export const formKeys = {
  all: ['forms'] as const,
  definitions: ['forms', 'definitions'] as const,
  practiceList: ['forms', 'practiceList'] as const,
  unsupported: ['forms', 'unsupported'] as const,
  definition: (id: number) => ['forms', 'definition', id] as const,
  library: ['forms', 'library'] as const,
  client: (patientId: number) => ['forms', 'client', patientId] as const,
  response: (id: number) => ['forms', 'response', id] as const,
  mine: ['forms', 'mine'] as const,
  myForm: (id: number) => ['forms', 'mine', id] as const,
  measures: (patientId: number) => ['forms', 'measures', patientId] as const,
  alerts: ['forms', 'alerts'] as const,
};

type Data<T> = { data: T };
const list = <T>(key: readonly unknown[], path: string, enabled = true) => ({
  queryKey: key,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Data<T>>(path, { signal }),
  select: (r: Data<T>) => r.data,
  enabled,
});

export const useDefinitions = () =>
  useQuery(list<DefinitionSummary[]>(formKeys.definitions, paths.definitions));
export const usePracticeList = () =>
  useQuery(list<DefinitionSummary[]>(formKeys.practiceList, paths.practiceList));
export const useUnsupported = () =>
  useQuery(
    list<ResponseOf<typeof unsupportedDefinitions>['data']>(
      formKeys.unsupported,
      paths.unsupported,
    ),
  );
export const useLibrary = () => useQuery(list<LibraryEntry[]>(formKeys.library, paths.library));
export const useMyForms = () =>
  useQuery(list<ResponseOf<typeof myForms>['data']>(formKeys.mine, paths.myForms));
export const useMeasures = (patientId: number) =>
  useQuery(list<MeasureHistory[]>(formKeys.measures(patientId), paths.measures(patientId)));
export const useMeasureAlerts = (enabled: boolean) =>
  useQuery({ ...list<MeasureAlert[]>(formKeys.alerts, paths.alerts, enabled), retry: false });

export function useDefinition(id: number | null) {
  return useQuery({
    ...list<DefinitionDetail>(formKeys.definition(id ?? 0), paths.definition(id ?? 0), id !== null),
    // The builder keeps its own copy while someone edits: no refetch on focus.
    refetchOnWindowFocus: false,
  });
}

export function useClientForms(patientId: number | null) {
  return useQuery({
    queryKey: formKeys.client(patientId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof clientForms>>(paths.clientForms, {
        signal,
        query: { patientId },
      }),
    select: (r) => r.data,
    enabled: patientId !== null,
  });
}

/** One response: staff's call, or the signed-in client's own (`portal`). */
export function useResponse(id: number, portal: boolean) {
  return useQuery({
    ...list<ResponseDetail>(
      portal ? formKeys.myForm(id) : formKeys.response(id),
      portal ? paths.myForm(id) : paths.response(id),
      id > 0,
    ),
    refetchOnWindowFocus: false,
  });
}

/** Every change to forms invalidates the area's lists (they are small). */
function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useCreateDefinition() {
  return useInvalidating((body: BodyOf<typeof createDefinition>) =>
    api.post<Data<DefinitionDetail>>(paths.definitions, body),
  );
}

export function useSaveDraft(id: number) {
  return useInvalidating((questionnaire: Questionnaire) =>
    api.put<Data<DefinitionDetail>>(paths.draft(id), { questionnaire }),
  );
}

export function usePublish(id: number) {
  return useInvalidating(() => api.post<Data<DefinitionDetail>>(paths.publish(id), {}));
}

export function useDefinitionSettings(id: number) {
  return useInvalidating((body: { active: boolean; autoAssign: boolean }) =>
    api.put<Data<DefinitionDetail>>(paths.settings(id), body),
  );
}

export function useAddLibraryForm() {
  return useInvalidating((key: string) =>
    api.post<ResponseOf<typeof addLibraryForm>>(paths.addLibraryForm, { key }),
  );
}

export function useAssignForms() {
  return useInvalidating((body: BodyOf<typeof assignForms>) =>
    api.post<ResponseOf<typeof assignForms>>(paths.assign, body),
  );
}

export type ResponseStep =
  | { step: 'save'; answers: FormAnswers }
  | { step: 'submit'; answers: FormAnswers }
  | { step: 'sign'; typedName: string; signedOn: string }
  | { step: 'revoke'; reason: string };

/** A step on a response, through the staff calls or the portal's (`portal`). */
export function responseCall(id: number, portal: boolean, input: ResponseStep) {
  const path = portal ? paths.myForm : paths.response;
  const { step, ...body } = input;
  return step === 'save'
    ? api.put<Data<ResponseDetail>>(path(id), body)
    : api.post<Data<ResponseDetail>>(path(id, step), body);
}

export function useResponseStep(id: number, portal: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResponseStep) => responseCall(id, portal, input),
    onSuccess: (result, input) => {
      queryClient.setQueryData(portal ? formKeys.myForm(id) : formKeys.response(id), result);
      // A save changes nothing a list shows beyond the state; the other steps refresh them.
      if (input.step !== 'save') void queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}

export function useAcknowledgeAlert() {
  return useInvalidating((alertId: number) =>
    api.post<Data<MeasureAlert>>(paths.acknowledge(alertId), {}),
  );
}
