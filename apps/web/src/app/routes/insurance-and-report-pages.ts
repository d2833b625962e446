import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

/** Insurance, eligibility and the reports (audit, email monitoring, insurance reports). */
export function insuranceAndReportPages(queryClient: QueryClient): RouteObject[] {
  return [
    // Insurance and eligibility (issue 7).
    {
      path: relative(paths.client.eligibility.path),
      loader: roleLoader(queryClient, 'practiceStaff'),
      lazy: async () => ({
        Component: (await import('../../features/eligibility/eligibility-page')).EligibilityPage,
      }),
    },
    {
      path: relative(paths.reporting.eligibilityCheck.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../../features/eligibility/eligibility-report-page'))
          .EligibilityReportPage,
      }),
    },
    // The audit pages (issue 13 item 13).
    {
      path: relative(paths.reporting.patientRecordAccess.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../../features/audit/record-access-page')).RecordAccessPage,
      }),
    },
    // Revoked consents and releases (issue 18 item 4): the whole practice's, so owners and
    // reporting managers only, as the server's route.
    {
      path: relative(paths.reporting.documentRevocations.path),
      loader: roleLoader(queryClient, 'practiceWideReporting'),
      lazy: async () => ({
        Component: (await import('../../features/audit/document-revocations-page'))
          .DocumentRevocationsPage,
      }),
    },
    {
      path: relative(paths.reporting.emailMonitoring.path),
      loader: roleLoader(queryClient, 'reporting'),
      lazy: async () => ({
        Component: (await import('../../features/email-monitoring/email-monitoring-page'))
          .EmailMonitoringPage,
      }),
    },
    {
      path: relative(paths.practiceInsurance.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../../features/insurance/practice-insurance-page'))
          .PracticeInsurancePage,
      }),
    },
    {
      path: relative(paths.insuranceReports.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../../features/insurance-reports/insurance-report-page'))
          .InsuranceReportPage,
      }),
    },
  ];
}
