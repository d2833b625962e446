/** API calls of treatment plans (issue 18 item 5), loaded only with the area's pages. */

const id = (n: number) => encodeURIComponent(String(n));

export const treatmentPlanApi = {
  templates: '/api/treatmentPlan/definition/practiceList',
  unsupported: '/api/treatmentPlan/definition/unsupported',
  newTemplate: '/api/treatmentPlan/definition',
  template: (templateId: number) => `/api/treatmentPlan/definition/${id(templateId)}`,
  clientPlans: (patientId: number) => `/api/treatmentPlans/clients/${id(patientId)}`,
  newPlan: '/api/treatmentPlans',
  plan: (planId: number, step?: 'sign' | 'cosign' | 'revise' | 'comments' | 'progress') =>
    `/api/treatmentPlans/${id(planId)}${step ? `/${step}` : ''}`,
  list: (list: 'expiring' | 'unsigned') => `/api/treatmentPlans/lists/${list}`,
  portalPlans: '/api/portal/treatmentPlans',
  portalSign: (planId: number) => `/api/portal/treatmentPlans/${id(planId)}/sign`,
} as const;
