import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  commentOnPlan,
  createPlan,
  getPlan,
  listClientPlans,
  recordGoalProgress,
  savePlan,
} from '@openpractice/contracts/treatment-plans/plans';
import type { listMyPlans, signMyPlan } from '@openpractice/contracts/treatment-plans/portal';
import type {
  createPlanTemplate,
  getPlanTemplate,
  listPlanTemplates,
  listUnsupportedPlanTemplates,
} from '@openpractice/contracts/treatment-plans/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { treatmentPlanApi as paths } from '../../config/paths/api-treatment-plans';
import { api } from '../../lib/api-client';

export type PlanDetail = ResponseOf<typeof getPlan>['data'];
export type PlanContent = PlanDetail['content'];
export type PlanTemplate = PlanDetail['template'];
export type ClientPlans = ResponseOf<typeof listClientPlans>['data'];
export type PortalPlan = ResponseOf<typeof listMyPlans>['data']['plans'][number];
export type Diagnosis = PlanDetail['diagnoses'][number];
export type TemplateInput = BodyOf<typeof createPlanTemplate>;

export const planKeys = {
  all: ['treatment-plans'] as const,
  client: (patientId: number) => ['treatment-plans', 'client', patientId] as const,
  plan: (planId: number) => ['treatment-plans', 'plan', planId] as const,
  templates: ['treatment-plans', 'templates'] as const,
  template: (templateId: number) => ['treatment-plans', 'template', templateId] as const,
  unsupported: ['treatment-plans', 'unsupported'] as const,
  portal: ['treatment-plans', 'portal'] as const,
};

export function useClientPlans(patientId: number) {
  return useQuery({
    queryKey: planKeys.client(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listClientPlans>>(paths.clientPlans(patientId), { signal }),
    select: (r) => r.data,
  });
}

export function usePlan(planId: number | null) {
  return useQuery({
    queryKey: planKeys.plan(planId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPlan>>(paths.plan(planId ?? 0), { signal }),
    select: (r) => r.data,
    enabled: planId !== null,
    // Not on focus while someone may be typing: the editor keeps its own copy.
    refetchOnWindowFocus: false,
  });
}

/** Every plan change answers the plan: cache it, and refresh the client's list. */
function usePlanMutation<V>(send: (vars: V) => Promise<{ data: PlanDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(planKeys.plan(answer.data.planId), answer);
      void queryClient.invalidateQueries({ queryKey: planKeys.client(answer.data.patientId) });
    },
  });
}

export function useCreatePlan() {
  return usePlanMutation((body: BodyOf<typeof createPlan>) =>
    api.post<ResponseOf<typeof createPlan>>(paths.newPlan, body),
  );
}

export function useSavePlan(planId: number) {
  return usePlanMutation((body: BodyOf<typeof savePlan>) =>
    api.put<ResponseOf<typeof savePlan>>(paths.plan(planId), body),
  );
}

export function usePlanStep(planId: number) {
  return usePlanMutation((step: 'sign' | 'cosign' | 'revise') =>
    api.post<ResponseOf<typeof getPlan>>(paths.plan(planId, step), {}),
  );
}

export function useCommentOnPlan(planId: number) {
  return usePlanMutation((body: BodyOf<typeof commentOnPlan>) =>
    api.post<ResponseOf<typeof commentOnPlan>>(paths.plan(planId, 'comments'), body),
  );
}

export function useRecordProgress(planId: number) {
  return usePlanMutation((body: BodyOf<typeof recordGoalProgress>) =>
    api.post<ResponseOf<typeof recordGoalProgress>>(paths.plan(planId, 'progress'), body),
  );
}

export function usePlanTemplates() {
  return useQuery({
    queryKey: planKeys.templates,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPlanTemplates>>(paths.templates, { signal }),
    select: (r) => r.data,
  });
}

export function useUnsupportedTemplates() {
  return useQuery({
    queryKey: planKeys.unsupported,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listUnsupportedPlanTemplates>>(paths.unsupported, { signal }),
    select: (r) => r.data,
  });
}

export function usePlanTemplate(templateId: number | null) {
  return useQuery({
    queryKey: planKeys.template(templateId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPlanTemplate>>(paths.template(templateId ?? 0), { signal }),
    select: (r) => r.data,
    enabled: templateId !== null,
  });
}

/** Creates (no id) or saves a practice template. */
export function useSaveTemplate(templateId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateInput) =>
      templateId === null
        ? api.post<ResponseOf<typeof getPlanTemplate>>(paths.newTemplate, body)
        : api.put<ResponseOf<typeof getPlanTemplate>>(paths.template(templateId), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(planKeys.template(answer.data.templateId), answer);
      void queryClient.invalidateQueries({ queryKey: planKeys.templates });
    },
  });
}

export function useMyPlans() {
  return useQuery({
    queryKey: planKeys.portal,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof listMyPlans>>(paths.portalPlans, { signal }),
    select: (r) => r.data,
  });
}

export function useSignMyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: number; typedName: string }) =>
      api.post<ResponseOf<typeof signMyPlan>>(paths.portalSign(input.planId), {
        typedName: input.typedName,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.portal }),
  });
}
