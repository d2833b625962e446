import type { RouteObject } from 'react-router';

import { treatmentPlanPaths as paths } from '../../config/paths/treatment-plans';
import { relative } from './relative-path';

/**
 * Treatment plans (issue 18 item 5): a client's plans, templates, and the portal's signing page
 * (through the portal's one route, which also serves the client's billing).
 */
export function treatmentPlanPages(): RouteObject[] {
  return [
    {
      path: relative(paths.client),
      lazy: async () => ({ Component: (await import('./treatment-plans')).ClientPlansRoute }),
    },
    {
      // The template list, the unsupported list, one template and a new one (template-routes.tsx).
      path: relative(paths.template),
      lazy: async () => ({
        Component: (await import('../../features/treatment-plans/template-routes')).TemplateRoutes,
      }),
    },
    {
      // Every portal page (`/portal/treatmentPlans`, `/portal/billing`): one route (portal-pages.tsx).
      path: relative(paths.portalPage),
      lazy: async () => ({ Component: (await import('./portal-pages')).PortalRoute }),
    },
  ];
}

/** The plans page embedded in another page (the iframe layout's children). */
export function embeddedTreatmentPlanPages(): RouteObject[] {
  return [
    {
      path: paths.iframe,
      lazy: async () => ({ Component: (await import('./treatment-plans')).EmbeddedPlansRoute }),
    },
  ];
}
