import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

/**
 * Practice set-up (issue 16): staff, locations, services and fees, contacts, demographic
 * settings, logo and single sign-on. Each part adds its pages here.
 */
export function practicePages(queryClient: QueryClient): RouteObject[] {
  return [
    // Staff (issue 16 item 1): managers and staff administrators, as the Settings button.
    {
      path: relative(paths.practiceStaff.path),
      loader: roleLoader(queryClient, 'settings'),
      lazy: async () => ({
        Component: (await import('../../features/practice/staff/staff-page')).StaffPage,
      }),
    },
    // Single sign-on (issue 16 item 7): owners and managers (it decides how everyone signs in).
    {
      path: relative(paths.practiceSso.path),
      loader: roleLoader(queryClient, 'manager'),
      lazy: async () => ({
        Component: (await import('../../features/practice/sso/sso-page')).SsoPage,
      }),
    },
    // Locations, closing one, and services and fees (issue 16 items 2 and 3): owners and managers.
    {
      path: relative(paths.practiceLocations.path),
      loader: roleLoader(queryClient, 'manager'),
      lazy: async () => ({
        Component: (await import('../../features/practice/locations/locations-page')).LocationsPage,
      }),
    },
    {
      path: relative(paths.practiceLocations.close.path),
      loader: roleLoader(queryClient, 'manager'),
      lazy: async () => ({
        Component: (await import('../../features/practice/locations/close-location-page'))
          .CloseLocationPage,
      }),
    },
    {
      path: relative(paths.practiceServices.path),
      loader: roleLoader(queryClient, 'manager'),
      lazy: async () => ({
        Component: (await import('../../features/practice/services/services-page')).ServicesPage,
      }),
    },
    // Contacts, demographic settings and logo (issue 16 items 4 to 6).
    {
      path: relative(paths.practiceContacts.path),
      loader: roleLoader(queryClient, 'practiceStaff'),
      lazy: async () => ({ Component: (await import('./practice-profile')).ContactsRoute }),
    },
    {
      path: relative(paths.practiceContact.path),
      loader: roleLoader(queryClient, 'practiceStaff'),
      lazy: async () => ({ Component: (await import('./practice-profile')).ContactRoute }),
    },
    {
      path: relative(paths.demographicSettings.path),
      loader: roleLoader(queryClient, 'manager'),
      lazy: async () => ({
        Component: (await import('../../features/practice/demographics/demographic-settings-page'))
          .DemographicSettingsPage,
      }),
    },
    // Card processors, their compliance page and a client's card on file (issue 19 item 6):
    // one route object for the three pages, because every route in this table is carried by
    // every page's first load. Static practice routes above and below still win over it. The
    // payment role opens it; the component asks the stricter role each page needs (set-up:
    // owners and managers; compliance: billing), and the server refuses anyone else.
    {
      path: 'practice/:section/:part?',
      loader: roleLoader(queryClient, 'payment'),
      lazy: async () => ({ Component: (await import('./payment-processing')).ProcessingRoute }),
    },
    {
      path: relative(paths.practiceLogo.path),
      loader: roleLoader(queryClient, 'settings'),
      lazy: async () => ({ Component: (await import('./practice-profile')).LogoRoute }),
    },
  ];
}
