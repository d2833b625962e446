import { hasRole } from '@openpractice/domain';
import { billingItems } from './billing-items.ts';
import { reportingItems } from './reporting-items.ts';

/** The menus' items (spec-1 §3): each area that exists adds its items here. */

export type NavItem = {
  id: string;
  label: string;
  icon: string;
  kind: 'route' | 'url' | 'external' | 'post';
  to: string;
  badge?: number;
  badgeLabel?: string;
  children?: NavItem[];
  divider?: boolean;
  redirectTo?: string;
};

/**
 * Counts shown beside menu items, gathered by nav-counts.ts for what the user
 * may act on. An area with a count adds its field; absent or 0 shows none.
 */
export type NavCounts = {
  /** Online booking requests waiting for an answer the user may give. */
  pendingBookingRequests?: number;
  /** Past sessions of the last 30 days whose attendance the user should record. */
  unrecordedAttendance?: number;
};

/** An item with its count and the words read with it ('Booking requests, 3 pending'). */
export function withBadge(item: NavItem, count: number | undefined, words: string): NavItem {
  if (!count) return item;
  return { ...item, badge: count, badgeLabel: `${count} ${words}` };
}

const SCHEDULE_ITEM: NavItem = {
  id: 'schedule',
  label: 'Schedule',
  icon: 'calendar',
  kind: 'route',
  to: '/schedule',
};

// External agents: the calendars of the therapists assigned to them (spec-1 §2).
const AGENT_SCHEDULE_ITEM: NavItem = {
  id: 'agent-schedule',
  label: 'Schedule',
  icon: 'calendar',
  kind: 'route',
  to: '/schedule/externalAgent',
};

// A signed-in client books with the practice's therapists (spec-1 §2 /selfSchedule).
const SELF_SCHEDULE_ITEM: NavItem = {
  id: 'self-schedule',
  label: 'Book an appointment',
  icon: 'calendar',
  kind: 'route',
  to: '/selfSchedule',
};

// A signed-in client reads and signs their treatment plans (issue 18 item 5).
const MY_TREATMENT_PLANS_ITEM: NavItem = {
  id: 'my-treatment-plans',
  label: 'My treatment plans',
  icon: 'clients',
  kind: 'route',
  to: '/portal/treatmentPlans',
};

// A signed-in client's balance, paying it, and their cards' expiry (issue 19 item 4).
const MY_BILLING_ITEM: NavItem = {
  id: 'my-billing',
  label: 'My billing',
  icon: 'billing',
  kind: 'route',
  to: '/portal/billing',
};

// A signed-in client's forms to complete and sign, and those done (issue 18 item 2).
const MY_FORMS_ITEM: NavItem = {
  id: 'my-forms',
  label: 'My forms',
  icon: 'forms',
  kind: 'route',
  to: '/form/patient/edit',
};

/** The practice's forms, the library, and a client's forms (issue 18 items 1 and 2). */
const FORMS_ITEM: NavItem = {
  id: 'forms',
  label: 'Forms',
  icon: 'forms',
  kind: 'route',
  to: '/form/definition',
  children: [
    {
      id: 'forms-definitions',
      label: 'Practice forms',
      icon: 'forms',
      kind: 'route',
      to: '/form/definition',
    },
    {
      id: 'forms-library',
      label: 'Forms library',
      icon: 'forms',
      kind: 'route',
      to: '/guide/list',
    },
    {
      id: 'forms-client',
      label: 'Client forms',
      icon: 'clients',
      kind: 'route',
      to: '/client/forms',
    },
  ],
};

/** The provider's support tools. */
const TA_ITEMS: NavItem[] = [
  {
    id: 'impersonate',
    label: 'Impersonate',
    icon: 'support',
    kind: 'route',
    to: '/admin/impersonate',
    divider: true,
  },
  { id: 'api-docs', label: 'API document', icon: 'api', kind: 'url', to: '/api/docs' },
];

/** The client lists; a therapist's own clients come first and are where "Clients" leads. */
function clientsItem(authorities: string[]): NavItem {
  const isTherapist = authorities.includes('customer.therapist');
  return {
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
  };
}

/** Availability, finding an open slot, online booking requests (issue 6), attendance to record (issue 15). */
function availabilityItems(authorities: string[], counts: NavCounts): NavItem[] {
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
      withBadge(
        {
          id: 'booking-requests',
          label: 'Booking requests',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule/requests',
        },
        counts.pendingBookingRequests,
        'pending',
      ),
      withBadge(
        {
          id: 'attendance-to-record',
          label: 'Attendance',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule/attendance',
        },
        counts.unrecordedAttendance,
        'not recorded',
      ),
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
        // Claim set-up (issue 20 item 1): the billing role's, as its calls.
        {
          id: 'claim-setup',
          label: 'Claim set-up',
          icon: 'practice',
          kind: 'route',
          to: '/perclaim/setup',
        },
        // Claim lists (issue 20 item 8): the billing role's, as their calls.
        {
          id: 'claims-ready',
          label: 'Claims ready to submit',
          icon: 'policy',
          kind: 'route',
          to: '/billing/claim/readyToSubmit',
        },
        {
          id: 'claims-scrub-problems',
          label: 'Claim scrub problems',
          icon: 'policy',
          kind: 'route',
          to: '/billing/claim/scrubProblem',
        },
        // ERA problems (issue 20 item 7): what an 835 could not post, for a person to resolve.
        {
          id: 'claims-problem-era',
          label: 'ERA problems',
          icon: 'policy',
          kind: 'route',
          to: '/billing/claim/problemERA',
        },
        // Paper claims (issue 20 item 5): one entry; the page links its three print lists.
        {
          id: 'claims-print',
          label: 'Print claims (CMS-1500)',
          icon: 'policy',
          kind: 'route',
          to: '/billing/claim/printPrimary',
        },
      ],
    },
  ];
}

/** A therapist's notes to act on (issue 17), while the practice charts. */
const NOTES_ITEM: NavItem = {
  id: 'notes-to-do',
  label: 'Notes to do',
  icon: 'forms',
  kind: 'route',
  to: '/charting/notes',
};

/** Who sees what of the main menu: practice staff by authority, agents, clients, the provider's support. */
export function mainItems(
  user: { type: string; authorities: string[] },
  inPractice: boolean,
  insuranceEnabled: boolean,
  counts: NavCounts = {},
  chartingEnabled = false,
): NavItem[] {
  const { authorities } = user;
  const practiceStaff = inPractice && hasRole(authorities, 'practiceStaff');
  const charts = practiceStaff && chartingEnabled && hasRole(authorities, 'therapist');
  return [
    { id: 'home', label: 'Home', icon: 'home', kind: 'route', to: '/' },
    ...(practiceStaff && hasRole(authorities, 'calendar') ? [SCHEDULE_ITEM] : []),
    ...(user.type === 'agent' ? [AGENT_SCHEDULE_ITEM] : []),
    ...(practiceStaff
      ? [
          clientsItem(authorities),
          ...availabilityItems(authorities, counts),
          ...(charts ? [NOTES_ITEM] : []),
          FORMS_ITEM,
          ...billingItems(authorities),
          ...insuranceItems(authorities, insuranceEnabled),
          ...reportingItems(authorities),
        ]
      : []),
    ...(inPractice && hasRole(authorities, 'patient')
      ? [SELF_SCHEDULE_ITEM, MY_TREATMENT_PLANS_ITEM, MY_FORMS_ITEM, MY_BILLING_ITEM]
      : []),
    ...(hasRole(authorities, 'ta') ? TA_ITEMS : []),
  ];
}

/** The "New" menu: calendar entries for those who schedule, and a new client, for practice staff. */
export function newMenuItems(authorities: string[], inPractice: boolean): NavItem[] {
  if (!inPractice || !hasRole(authorities, 'practiceStaff')) return [];
  const calendarItems: NavItem[] =
    hasRole(authorities, 'calendar') && hasRole(authorities, 'scheduling')
      ? [
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
        ]
      : [];
  return [
    ...calendarItems,
    { id: 'new-client', label: 'Client', icon: 'add', kind: 'route', to: '/client/new' },
  ];
}
