/** Links to treatment plans' pages (issue 18 item 5); the paths are in treatment-plans.ts. */
import { withQuery } from './with-query';

const id = (n: number | string) => encodeURIComponent(String(n));
const plans = (patientId: number, therapistId?: number) =>
  `/client/${id(patientId)}/records/treatmentPlans${therapistId === undefined ? '' : `/${id(therapistId)}`}`;

export const treatmentPlanRoutes = {
  client: {
    /** `planId`: a past version to show instead of the current plan. */
    getHref: (patientId: number, therapistId?: number, planId?: number) =>
      withQuery(plans(patientId, therapistId), {
        planId: planId === undefined ? undefined : String(planId),
      }),
  },
  iframe: {
    getHref: (patientId: number, therapistId?: number) => `/iframe${plans(patientId, therapistId)}`,
  },
  newTemplate: { getHref: () => '/treatmentPlan/definition' },
  template: { getHref: (templateId: number) => `/treatmentPlan/definition/${id(templateId)}` },
  practiceList: { getHref: () => '/treatmentPlan/definition/practiceList' },
  unsupported: { getHref: () => '/treatmentPlan/definition/unsupported' },
  portal: { getHref: () => '/portal/treatmentPlans' },
} as const;
