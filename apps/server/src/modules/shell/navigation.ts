import { hasRole } from '@openpractice/domain';
import type { PracticeFeatures } from '../../db/schema/index.ts';

/**
 * Builds the navigation data of spec-1 §3 for one user. Pure: the route
 * loads the rows, this decides what the user sees. Items appear only for
 * areas that exist; each new area adds its items here.
 */

export type NavItem = {
  id: string;
  label: string;
  icon: string;
  kind: 'route' | 'url' | 'external' | 'post';
  to: string;
  badge?: number;
  children?: NavItem[];
  divider?: boolean;
  redirectTo?: string;
};

export type AccountStanding = {
  balance: number;
  inGoodStanding: boolean;
  cutoffDate: string | null;
  cardExpiresIn: number | null;
  isCutOff: boolean;
  currentUserIsResponsibleParty: boolean;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  cardUpdatedToday: boolean;
};

export type AccountRow = {
  balanceCents: number;
  cutoffDate: string | null;
  cardExpiresOn: string | null;
  cardUpdatedOn: string | null;
  lastPaymentDate: string | null;
  lastPaymentCents: number | null;
  responsibleUserId: number | null;
};

export type NavigationInput = {
  user: {
    id: number;
    type: string;
    authorities: string[];
    firstName: string;
    lastName: string;
    professionalName: string;
  };
  impersonatorName: string | null;
  practice: { id: number; name: string; logoUrl: string | null } | null;
  settings: { features: PracticeFeatures; inactivityLockoutMinutes: number } | null;
  account: AccountRow | null;
  /** Today in the practice's time zone, YYYY-MM-DD. */
  today: string;
  helpUrl: string;
};

export const LICENSE_URL = 'https://www.gnu.org/licenses/gpl-3.0.html';
/** Support staff outside a practice still see an inactivity limit. */
const DEFAULT_INACTIVITY_MINUTES = 60;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function accountStandingOf(row: AccountRow, userId: number, today: string): AccountStanding {
  const pastDue = row.balanceCents > 0;
  const isCutOff = pastDue && row.cutoffDate !== null && row.cutoffDate <= today;
  return {
    balance: row.balanceCents,
    inGoodStanding: !pastDue,
    cutoffDate: row.cutoffDate,
    cardExpiresIn: row.cardExpiresOn ? daysBetween(today, row.cardExpiresOn) : null,
    isCutOff,
    currentUserIsResponsibleParty: row.responsibleUserId === userId,
    lastPaymentDate: row.lastPaymentDate,
    lastPaymentAmount: row.lastPaymentCents,
    cardUpdatedToday: row.cardUpdatedOn === today,
  };
}

/** Alerts about the practice's account: cut off, past due, or a card about to expire. */
export function accountAlerts(standing: AccountStanding | null) {
  if (!standing) return [];
  const alerts: { id: string; severity: 'info' | 'warning' | 'error'; message: string }[] = [];
  if (standing.isCutOff) {
    alerts.push({
      id: 'account-cut-off',
      severity: 'error',
      message: 'Your account is past due. Update the card on file to restore full access.',
    });
  } else if (!standing.inGoodStanding) {
    alerts.push({
      id: 'account-past-due',
      severity: 'warning',
      message: 'Your account has a past-due balance. Please update the card on file.',
    });
  }
  if (standing.cardExpiresIn !== null && standing.cardExpiresIn <= 30) {
    alerts.push({
      id: 'card-expiring',
      severity: 'warning',
      message:
        standing.cardExpiresIn < 0
          ? 'The card on file has expired.'
          : `The card on file expires in ${standing.cardExpiresIn} days.`,
    });
  }
  return alerts;
}

export const initialsOf = (firstName: string, lastName: string) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();

/** Availability, finding an open slot, and online booking requests (issue 6). */
function availabilityItems(authorities: string[]): NavItem[] {
  const items: NavItem[] = [];
  if (hasRole(authorities, 'availability')) {
    items.push({
      id: 'availability',
      label: 'Availability',
      icon: 'calendar',
      kind: 'route',
      to: '/availability',
    });
  }
  if (hasRole(authorities, 'scheduling')) {
    items.push(
      {
        id: 'find-appointment',
        label: 'Find an appointment',
        icon: 'calendar',
        kind: 'route',
        to: '/availability/findAppointment',
      },
      {
        id: 'booking-requests',
        label: 'Booking requests',
        icon: 'calendar',
        kind: 'route',
        to: '/schedule/requests',
      },
    );
  }
  return items;
}

const INSURANCE_REPORTS = [
  ['expiringPolicies', 'Expiring policies'],
  ['expiringPrecerts', 'Expiring precerts'],
  ['unconfirmedPolicies', 'Unconfirmed policies'],
  ['unverifiedPolicies', 'Unverified policies'],
  ['visitLimits', 'Visit limits'],
] as const;

/** The practice's payers and the insurance reports, for billing staff when insurance is on. */
function insuranceItems(authorities: string[], insuranceEnabled: boolean): NavItem[] {
  if (!insuranceEnabled || !hasRole(authorities, 'billing')) return [];
  return [
    {
      id: 'insurance',
      label: 'Insurance',
      icon: 'policy',
      kind: 'route',
      to: '/insurance/reports/expiringPolicies',
      children: [
        ...INSURANCE_REPORTS.map(([report, label]) => ({
          id: `insurance-report-${report}`,
          label,
          icon: 'policy',
          kind: 'route' as const,
          to: `/insurance/reports/${report}`,
        })),
        {
          id: 'insurance-payers',
          label: 'Payers',
          icon: 'practice',
          kind: 'route',
          to: '/practice/insurance',
        },
      ],
    },
  ];
}

/** Reporting pages built so far (spec-1 §6: they need the reporting authority). */
function reportingItems(authorities: string[]): NavItem[] {
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

export function buildNavigation(input: NavigationInput) {
  const { user, practice, settings } = input;
  const isTa = hasRole(user.authorities, 'ta');
  const isStaff = hasRole(user.authorities, 'practiceStaff');
  const impersonating = input.impersonatorName !== null;

  const main: NavItem[] = [{ id: 'home', label: 'Home', icon: 'home', kind: 'route', to: '/' }];
  const newItems: NavItem[] = [];
  if (isStaff && input.practice && hasRole(user.authorities, 'calendar')) {
    main.push({
      id: 'schedule',
      label: 'Schedule',
      icon: 'calendar',
      kind: 'route',
      to: '/schedule',
    });
    if (hasRole(user.authorities, 'scheduling')) {
      newItems.push(
        {
          id: 'new-appointment',
          label: 'Appointment',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule?new=appointment',
        },
        {
          id: 'new-meeting',
          label: 'Meeting',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule?new=meeting',
        },
        {
          id: 'new-out-of-office',
          label: 'Out of Office',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule?new=outOfOffice',
        },
      );
    }
  }
  // External agents: the calendars of the therapists assigned to them (spec-1 §2).
  if (user.type === 'agent') {
    main.push({
      id: 'agent-schedule',
      label: 'Schedule',
      icon: 'calendar',
      kind: 'route',
      to: '/schedule/externalAgent',
    });
  }
  if (isStaff && input.practice) {
    const isTherapist = user.authorities.includes('customer.therapist');
    main.push({
      id: 'clients',
      label: 'Clients',
      icon: 'clients',
      kind: 'route',
      to: isTherapist ? '/client/myClients' : '/client/allClients',
      children: [
        ...(isTherapist
          ? [
              {
                id: 'my-clients',
                label: 'My Clients',
                icon: 'person',
                kind: 'route' as const,
                to: '/client/myClients',
              },
            ]
          : []),
        {
          id: 'all-clients',
          label: 'All Clients',
          icon: 'clients',
          kind: 'route',
          to: '/client/allClients',
        },
        {
          id: 'new-clients',
          label: 'New Clients',
          icon: 'add',
          kind: 'route',
          to: '/client/newClients',
        },
        { id: 'intake', label: 'Intake', icon: 'forms', kind: 'route', to: '/client/intake' },
        {
          id: 'retention',
          label: 'Retention',
          icon: 'calendar',
          kind: 'route',
          to: '/client/retention',
        },
      ],
    });
    newItems.push({
      id: 'new-client',
      label: 'Client',
      icon: 'add',
      kind: 'route',
      to: '/client/new',
    });
  }
  if (isStaff && input.practice) {
    main.push(...availabilityItems(user.authorities));
    main.push(...insuranceItems(user.authorities, settings?.features.insurance ?? false));
    main.push(...reportingItems(user.authorities));
  }
  // A signed-in client books with the practice's therapists (spec-1 §2 /selfSchedule).
  if (input.practice && hasRole(user.authorities, 'patient')) {
    main.push({
      id: 'self-schedule',
      label: 'Book an appointment',
      icon: 'calendar',
      kind: 'route',
      to: '/selfSchedule',
    });
  }
  if (isTa) {
    main.push(
      {
        id: 'impersonate',
        label: 'Impersonate',
        icon: 'support',
        kind: 'route',
        to: '/admin/impersonate',
        divider: true,
      },
      { id: 'api-docs', label: 'API document', icon: 'api', kind: 'url', to: '/api/docs' },
    );
  }

  const userItems: NavItem[] = [
    { id: 'help-center', label: 'Help center', icon: 'help', kind: 'external', to: input.helpUrl },
  ];
  if (impersonating) {
    userItems.push({
      id: 'stop-impersonating',
      label: 'Stop impersonating',
      icon: 'support',
      kind: 'post',
      to: '/api/system/impersonateUser/stop',
      redirectTo: '/n/admin/impersonate',
    });
  }
  const accountRow = isStaff && practice && input.account ? input.account : null;
  const accountStanding = accountRow ? accountStandingOf(accountRow, user.id, input.today) : null;
  const features = settings?.features;

  return {
    currentPractice: practice,
    features: {
      claims: features?.claims ?? false,
      insurance: features?.insurance ?? false,
      charting: features?.charting ?? false,
      telehealth: features?.telehealth ?? false,
      // Areas not built yet stay off whatever the practice chose: no button leads nowhere.
      ePrescribe: false,
      changeTracking: features?.changeTracking ?? false,
      inactivityLockoutMinutes: settings?.inactivityLockoutMinutes ?? DEFAULT_INACTIVITY_MINUTES,
      messages: { enabled: false, newCount: 0 },
      screenReaderAccessible: features?.screenReaderAccessible ?? true,
    },
    dashboardAlerts: accountAlerts(accountStanding),
    main,
    usernavigation: {
      legal: true,
      items: userItems,
      legalItems: [
        {
          id: 'license',
          label: 'License (GPL-3.0)',
          icon: 'gavel',
          kind: 'external',
          to: LICENSE_URL,
        } satisfies NavItem,
      ],
    },
    user: {
      displayedName: user.professionalName,
      initials: initialsOf(user.firstName, user.lastName),
      impersonating,
      impersonatorName: input.impersonatorName,
      practiceName: practice?.name ?? null,
      // "Provider staff" are the provider's own internal staff (spec-1 §1).
      isProviderStaff: isTa,
      isTa,
      isStaff,
      canSeeSettings: hasRole(user.authorities, 'settings'),
    },
    new: newItems,
    accountStanding,
    helpWidget: { enabled: true, issueReporting: isTa || impersonating, helpUrl: input.helpUrl },
  };
}

export type NavigationData = ReturnType<typeof buildNavigation>;
