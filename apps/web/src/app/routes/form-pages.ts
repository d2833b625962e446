import type { RouteObject } from 'react-router';

import { formPaths as paths } from '../../config/paths/forms';
import { relative } from './relative-path';

/**
 * Forms and measures (issue 18 items 1, 2 and 6): the practice's forms and their builder, the
 * library, a client's forms and measures, a response, and the client's own forms (portal).
 * Each page is its own lazy chunk.
 */
export function formPages(): RouteObject[] {
  return [
    {
      path: relative(paths.definition),
      lazy: async () => ({
        Component: (await import('../../features/forms/definition-routes')).DefinitionRoutes,
      }),
    },
    {
      path: relative(paths.guide),
      lazy: async () => ({
        Component: (await import('../../features/forms/guide-routes')).GuideRoutes,
      }),
    },
    {
      path: relative(paths.clientForms),
      lazy: async () => ({
        Component: (await import('../../features/forms/client-forms-page')).ClientFormsPage,
      }),
    },
    {
      path: relative(paths.measures),
      lazy: async () => ({
        Component: (await import('../../features/forms/measures/measures-page')).MeasuresPage,
      }),
    },
    {
      path: relative(paths.response),
      lazy: async () => ({
        Component: (await import('../../features/forms/response-page')).ResponsePage,
      }),
    },
    // A PDF form is filled and read on the same pages as any form (its fields are its items).
    ...[paths.portalEdit, paths.pdfEdit].map((path) => ({
      path: relative(path),
      lazy: async () => ({
        Component: (await import('../../features/forms/portal-form-page')).PortalFormEditPage,
      }),
    })),
    ...[paths.portalView, paths.pdfView].map((path) => ({
      path: relative(path),
      lazy: async () => ({
        Component: (await import('../../features/forms/portal-form-page')).PortalFormViewPage,
      }),
    })),
  ];
}
