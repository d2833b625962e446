import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';

import { APP_BASENAME, paths } from '../config/paths';
import { PageSpinner } from '../ui/page-spinner';
import {
  guardLoader,
  notFoundLoader,
  revalidateOnPathChange,
  roleLoader,
  startupLoader,
} from './loaders';
import { AppRoot } from './root';
import { PageErrorBoundary, RootErrorBoundary } from './routes/error-page';
import { exitLoader } from './routes/exit';
import { NotFoundPage } from './routes/not-found';

/** A route path relative to its parent layout (the paths module writes them absolute). */
const relative = (path: string) => path.replace(/^\//, '');

/**
 * Every page is lazy; the app shell only holds the router, providers and error
 * page. Loaders run in parallel with the lazy imports, so data is not a
 * waterfall behind the code.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        id: 'root',
        Component: AppRoot,
        loader: startupLoader(queryClient),
        shouldRevalidate: () => false,
        errorElement: <RootErrorBoundary />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layouts/public-layout')).PublicLayout,
            }),
            children: [
              {
                path: relative(paths.auth.signIn.path),
                lazy: async () => ({
                  Component: (await import('./login-route')).LoginRoute,
                }),
              },
              {
                path: relative(paths.portal.activate.path),
                lazy: async () => ({
                  Component: (await import('./routes/portal-activation')).ActivatePortalRoute,
                }),
              },
              {
                path: relative(paths.portal.resetPassword.path),
                lazy: async () => ({
                  Component: (await import('./routes/portal-activation')).ResetPortalPasswordRoute,
                }),
              },
              // The public therapist directory and self-booking (no sign-in needed).
              {
                path: relative(paths.findYourTherapist.path),
                lazy: async () => ({
                  Component: (await import('../features/self-booking/directory-page'))
                    .DirectoryPage,
                }),
              },
              {
                path: relative(paths.findYourTherapist.search.path),
                lazy: async () => ({
                  Component: (await import('../features/self-booking/directory-page'))
                    .DirectoryPage,
                }),
              },
              {
                path: relative(paths.findYourTherapist.therapist.path),
                lazy: async () => ({
                  Component: (await import('../features/self-booking/therapist-booking-page'))
                    .TherapistBookingPage,
                }),
              },
              {
                path: relative(paths.findYourTherapist.practice.path),
                lazy: async () => ({
                  Component: (await import('../features/self-booking/directory-page'))
                    .DirectoryPage,
                }),
              },
            ],
          },
          {
            id: 'iframe',
            path: relative(paths.iframe.path),
            loader: guardLoader(queryClient, { navigation: false }),
            shouldRevalidate: revalidateOnPathChange,
            lazy: async () => ({
              Component: (await import('./layouts/iframe-layout')).IframeLayout,
            }),
            // Embedded pages (e.g. a client's treatment plans) are added here.
            children: [],
          },
          {
            id: 'signed-in',
            loader: guardLoader(queryClient, { navigation: true }),
            shouldRevalidate: revalidateOnPathChange,
            lazy: async () => ({
              Component: (await import('./layouts/default-layout')).DefaultLayout,
            }),
            children: [
              {
                errorElement: <PageErrorBoundary />,
                children: signedInPages(queryClient),
              },
            ],
          },
          // Static: the error page shows it too, so it is in the main chunk anyway.
          { path: '*', loader: notFoundLoader(queryClient), Component: NotFoundPage },
        ],
      },
    ],
    { basename: APP_BASENAME },
  );
}

function signedInPages(queryClient: QueryClient) {
  return [
    {
      index: true,
      lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
    },
    {
      path: relative(paths.accessDenied.path),
      lazy: async () => ({
        Component: (await import('./routes/access-denied')).AccessDeniedPage,
      }),
    },
    { path: relative(paths.exit.path), loader: exitLoader },
    {
      path: relative(paths.settings.path),
      loader: roleLoader(queryClient, 'settings'),
      lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }),
    },
    {
      path: relative(paths.admin.impersonate.path),
      lazy: async () => ({
        Component: (await import('../features/admin/impersonate-page')).ImpersonatePage,
      }),
    },
    {
      path: relative(paths.debugCrash.path),
      lazy: async () => ({ Component: (await import('./routes/debug-crash')).DebugCrashPage }),
    },
    // Client search (one page, three starting points) and a new client.
    {
      path: relative(paths.schedule.path),
      loader: roleLoader(queryClient, 'calendar'),
      lazy: async () => ({
        Component: (await import('../features/calendar/calendar-page')).CalendarPage,
      }),
    },
    {
      path: relative(paths.schedule.externalAgent.path),
      lazy: async () => ({
        Component: (await import('../features/agent-calendar/agent-calendar-page'))
          .AgentCalendarPage,
      }),
    },
    {
      path: relative(paths.telehealth.path),
      loader: roleLoader(queryClient, 'calendar'),
      lazy: async () => ({
        Component: (await import('../features/telehealth/telehealth-lobby-page'))
          .TelehealthLobbyPage,
      }),
    },
    // Availability (issue 6).
    {
      path: relative(paths.availability.path),
      loader: roleLoader(queryClient, 'availability'),
      lazy: async () => ({
        Component: (await import('../features/availability/availability-page')).AvailabilityPage,
      }),
    },
    {
      path: relative(paths.availability.findAppointment.path),
      loader: roleLoader(queryClient, 'scheduling'),
      lazy: async () => ({
        Component: (await import('../features/find-appointment/find-appointment-page'))
          .FindAppointmentPage,
      }),
    },
    {
      path: relative(paths.bookingRequests.path),
      loader: roleLoader(queryClient, 'scheduling'),
      lazy: async () => ({
        Component: (await import('../features/self-booking/booking-requests-page'))
          .BookingRequestsPage,
      }),
    },
    {
      path: relative(paths.selfSchedule.path),
      loader: roleLoader(queryClient, 'patient'),
      lazy: async () => ({
        Component: (await import('../features/self-booking/self-schedule-page')).SelfSchedulePage,
      }),
    },
    // Insurance and eligibility (issue 7).
    {
      path: relative(paths.client.eligibility.path),
      loader: roleLoader(queryClient, 'practiceStaff'),
      lazy: async () => ({
        Component: (await import('../features/eligibility/eligibility-page')).EligibilityPage,
      }),
    },
    {
      path: relative(paths.reporting.eligibilityCheck.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../features/eligibility/eligibility-report-page'))
          .EligibilityReportPage,
      }),
    },
    // The audit pages (issue 13 item 13).
    {
      path: relative(paths.reporting.patientRecordAccess.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../features/audit/record-access-page')).RecordAccessPage,
      }),
    },
    {
      path: relative(paths.reporting.emailMonitoring.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../features/email-monitoring/email-monitoring-page'))
          .EmailMonitoringPage,
      }),
    },
    {
      path: relative(paths.practiceInsurance.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../features/practice-insurance/practice-insurance-page'))
          .PracticeInsurancePage,
      }),
    },
    {
      path: relative(paths.insuranceReports.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../features/insurance-reports/insurance-report-page'))
          .InsuranceReportPage,
      }),
    },
    {
      path: relative(paths.client.allClients.path),
      lazy: async () => ({ Component: (await import('./routes/client-search')).AllClientsRoute }),
    },
    {
      path: relative(paths.client.myClients.path),
      lazy: async () => ({ Component: (await import('./routes/client-search')).MyClientsRoute }),
    },
    {
      path: relative(paths.client.newClients.path),
      lazy: async () => ({ Component: (await import('./routes/client-search')).NewClientsRoute }),
    },
    {
      path: relative(paths.client.new.path),
      lazy: async () => ({ Component: (await import('./routes/client-new')).NewClientRoute }),
    },
    // Retention, intake and merging a duplicate.
    {
      path: relative(paths.client.retention.path),
      lazy: async () => ({
        Component: (await import('../features/client-retention/retention-page')).RetentionPage,
      }),
    },
    {
      path: relative(paths.client.intake.path),
      lazy: async () => ({
        Component: (await import('../features/client-intake/intake-page')).IntakePage,
      }),
    },
    {
      path: relative(paths.client.merge.path),
      lazy: async () => ({ Component: (await import('./routes/client-merge')).ClientMergeRoute }),
    },
    // One client's record and its portal sign-ins.
    {
      path: relative(paths.client.profile.path),
      lazy: async () => {
        const route = await import('./routes/client-profile');
        return {
          Component: route.ClientProfileRoute,
          loader: route.clientProfileLoader(queryClient),
        };
      },
    },
    {
      path: relative(paths.client.loginHistory.path),
      lazy: async () => ({
        Component: (await import('./routes/client-profile')).ClientLoginHistoryRoute,
      }),
    },
  ];
}
