/**
 * Treatment plans' page paths (issue 18 item 5). The route table needs them, so they ride in
 * every first load: paths only. Links are made by treatment-plan-links.ts and the API calls
 * are in api-treatment-plans.ts, both loaded with the pages that use them.
 */
export const treatmentPlanPaths = {
  /** A client's plans, per therapist (spec-1 §2 `/client/{id}/records/treatmentPlans/{therapistId?}`). */
  client: '/client/:id/records/treatmentPlans/:therapistId?',
  /** The same page embedded in another page (relative to the iframe layout's `/iframe`). */
  iframe: 'client/:id/records/treatmentPlans/:therapistId?',
  /** A template (new without an id); `practiceList` and `unsupported` in its place are the lists. */
  template: '/treatmentPlan/definition/:templateId?',
  /** The signed-in client's plans to read and sign (the portal). */
  portal: '/portal/treatmentPlans',
  /** The one route of the portal's own pages, this one among them (app/routes/portal-pages.tsx). */
  portalPage: '/portal/:page',
} as const;
