import { hasRole } from '@openpractice/domain';
import type { NavItem } from './navigation-items.ts';

/** Reporting pages built so far (spec-1 §6: they need the reporting authority). */
export function reportingItems(authorities: string[]): NavItem[] {
  if (!hasRole(authorities, 'reporting')) return [];
  return [
    {
      id: 'reporting',
      label: 'Reporting',
      icon: 'reporting',
      kind: 'route',
      to: '/reporting/eligibilityCheck',
      children: [
        {
          id: 'reporting-eligibility',
          label: 'Eligibility checks',
          icon: 'reporting',
          kind: 'route',
          to: '/reporting/eligibilityCheck',
        },
        {
          id: 'reporting-audit-record-access',
          label: 'Record access',
          icon: 'reporting',
          kind: 'route',
          to: '/reporting/audit/patientRecordAccess',
        },
        // The whole practice's revocations: only for those the server's route lets read them.
        ...(hasRole(authorities, 'practiceWideReporting')
          ? [
              {
                id: 'reporting-audit-document-revocations',
                label: 'Document revocations',
                icon: 'reporting',
                kind: 'route',
                to: '/reporting/audit/documentRevocations',
              } satisfies NavItem,
            ]
          : []),
        {
          id: 'reporting-audit-email',
          label: 'Email monitoring',
          icon: 'reporting',
          kind: 'route',
          to: '/reporting/audit/emailMonitoring',
        },
      ],
    },
  ];
}
