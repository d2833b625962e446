import type { Authority } from '@openpractice/domain';
import type { UserType } from '../db/schema/index.ts';

/** The demo sign-ins of design.md. They exist only in demo mode. */
export const DEMO_PASSWORD = 'DemoPass!2026';

export type DemoPerson = {
  username: string;
  who: string;
  type: UserType;
  practice: 'first' | 'second' | null;
  firstName: string;
  lastName: string;
  credentials?: string;
  authorities: Authority[];
  therapist?: boolean;
  /** A therapist offers telehealth unless false. */
  telehealth?: boolean;
  /** Usernames of the therapists who supervise this one. */
  supervisedBy?: string[];
};

const therapist = (
  n: number,
  firstName: string,
  lastName: string,
  credentials: string,
  extra: Authority[] = [],
  more: Pick<DemoPerson, 'telehealth' | 'supervisedBy'> = {},
): DemoPerson => ({
  username: `therapist${n}`,
  who:
    n === 1
      ? 'therapist who prescribes, with financial and reporting roles'
      : extra.includes('customer.therapist.payment')
        ? 'therapist who takes payments (payment role, not financial)'
        : 'therapist',
  type: 'staff',
  practice: 'first',
  firstName,
  lastName,
  credentials,
  authorities: ['customer.therapist', ...extra],
  therapist: true,
  ...more,
});

export const DEMO_CAST: DemoPerson[] = [
  {
    username: 'owner',
    who: 'practice owner (with reporting)',
    type: 'staff',
    practice: 'first',
    firstName: 'Olivia',
    lastName: 'Owens',
    authorities: ['customer.owner'],
  },
  {
    username: 'manager',
    who: 'manager',
    type: 'staff',
    practice: 'first',
    firstName: 'Marcus',
    lastName: 'Mendel',
    authorities: ['customer.manager'],
  },
  therapist(1, 'Theresa', 'Quinn', 'PsyD', [
    'customer.dosespot',
    'customer.therapist.financial',
    'customer.therapist.reporting',
  ]),
  therapist(2, 'Daniel', 'Okafor', 'LCSW'),
  // Without telehealth, so the scheduling dialog's eligibility rule shows; supervised by therapist1.
  therapist(3, 'Priya', 'Raman', 'LMFT', [], { telehealth: false, supervisedBy: ['therapist1'] }),
  // The payment role alone (spec-1 §6): takes their clients' payments, sees no financial page.
  therapist(4, 'Samuel', 'Ortiz', 'LPC', ['customer.therapist.payment']),
  therapist(5, 'Hannah', 'Lindqvist', 'PhD'),
  {
    username: 'scheduler',
    who: 'front office + scheduler',
    type: 'staff',
    practice: 'first',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    authorities: ['customer.frontoffice', 'customer.scheduler'],
  },
  {
    username: 'biller',
    who: 'front office + biller',
    type: 'staff',
    practice: 'first',
    firstName: 'Ben',
    lastName: 'Carter',
    authorities: ['customer.frontoffice', 'customer.biller'],
  },
  {
    username: 'frontoffice',
    who: 'front office only',
    type: 'staff',
    practice: 'first',
    firstName: 'Fiona',
    lastName: 'Walsh',
    authorities: ['customer.frontoffice'],
  },
  {
    username: 'staffadmin',
    who: 'staff administrator',
    type: 'staff',
    practice: 'first',
    firstName: 'Stella',
    lastName: 'Adams',
    authorities: ['customer.staffadministrator'],
  },
  {
    username: 'custodian',
    who: 'custodian of records',
    type: 'staff',
    practice: 'first',
    firstName: 'Carl',
    lastName: 'Custer',
    authorities: ['customer.phisupervisor'],
  },
  {
    username: 'support',
    who: 'internal support staff (ta.support, ta.impersonation)',
    type: 'support',
    practice: null,
    firstName: 'Sam',
    lastName: 'Support',
    authorities: ['ta.support', 'ta.impersonation'],
  },
  {
    username: 'agent',
    who: 'external agent assigned to two therapists',
    type: 'agent',
    practice: null,
    firstName: 'Avery',
    lastName: 'Agent',
    authorities: [],
  },
  {
    username: 'client1',
    who: 'a client with a portal account',
    type: 'patient',
    practice: 'first',
    firstName: 'Chris',
    lastName: 'Client',
    authorities: ['patient.patient'],
  },
  {
    username: 'owner2',
    who: 'owner of the second practice',
    type: 'staff',
    practice: 'second',
    firstName: 'Nora',
    lastName: 'Second',
    credentials: 'LMHC',
    authorities: ['customer.owner', 'customer.therapist'],
    therapist: true,
  },
];

export const professionalNameOf = (p: Pick<DemoPerson, 'firstName' | 'lastName' | 'credentials'>) =>
  `${p.firstName} ${p.lastName}${p.credentials ? `, ${p.credentials}` : ''}`;
