import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { relative } from './relative-path';

/** Pages without sign-in: portal activation and password reset, the public therapist directory. */
export function publicPages(): RouteObject[] {
  return [
    {
      path: relative(paths.portal.activate.path),
      lazy: async () => ({
        Component: (await import('./portal-activation')).ActivatePortalRoute,
      }),
    },
    {
      path: relative(paths.portal.resetPassword.path),
      lazy: async () => ({
        Component: (await import('./portal-activation')).ResetPortalPasswordRoute,
      }),
    },
    // Staff activation and password reset links (issue 16 item 1).
    {
      path: relative(paths.staffLink.activate.path),
      lazy: async () => ({
        Component: (await import('./staff-activation')).ActivateStaffRoute,
      }),
    },
    {
      path: relative(paths.staffLink.resetPassword.path),
      lazy: async () => ({
        Component: (await import('./staff-activation')).ResetStaffPasswordRoute,
      }),
    },
    // The public therapist directory and self-booking (no sign-in needed).
    {
      path: relative(paths.findYourTherapist.path),
      lazy: async () => ({
        Component: (await import('../../features/booking/directory-page')).DirectoryPage,
      }),
    },
    {
      path: relative(paths.findYourTherapist.search.path),
      lazy: async () => ({
        Component: (await import('../../features/booking/directory-page')).DirectoryPage,
      }),
    },
    {
      path: relative(paths.findYourTherapist.therapist.path),
      lazy: async () => ({
        Component: (await import('../../features/booking/therapist-booking-page'))
          .TherapistBookingPage,
      }),
    },
    {
      path: relative(paths.findYourTherapist.practice.path),
      lazy: async () => ({
        Component: (await import('../../features/booking/directory-page')).DirectoryPage,
      }),
    },
  ];
}
