/**
 * Authorities (as the server stores and sends them) and the roles derived
 * from them (spec-1 §6, spec-2 §6). Every access decision on both sides goes
 * through `hasRole`, so a rule is written once.
 */

export const AUTHORITIES = [
  'customer.owner',
  'customer.therapist',
  'customer.frontoffice',
  'customer.scheduler',
  'customer.biller',
  'customer.remotetherapist',
  'customer.phisupervisor',
  'customer.staffadministrator',
  'customer.dosespot',
  'customer.prescribingagent',
  'customer.manager',
  'customer.therapist.financial',
  'customer.therapist.payment',
  'customer.manager.reporting',
  'customer.therapist.reporting',
  'patient.patient',
  'ta.admin',
  'ta.billing',
  'ta.developer',
  'ta.sales',
  'ta.support',
  'ta.impersonation',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

export function isAuthority(value: string): value is Authority {
  return (AUTHORITIES as readonly string[]).includes(value);
}

/** Internal staff roles of the provider; `ta.impersonation` is a capability, not a staff role. */
const TA_STAFF: readonly Authority[] = [
  'ta.admin',
  'ta.billing',
  'ta.developer',
  'ta.sales',
  'ta.support',
];

/** The main practice roles used by the `just…` rules. */
const MAIN_ROLES = {
  therapist: 'customer.therapist',
  scheduler: 'customer.scheduler',
  biller: 'customer.biller',
  manager: 'customer.manager',
  owner: 'customer.owner',
} as const satisfies Record<string, Authority>;

type MainRole = keyof typeof MAIN_ROLES;

type Has = (authority: Authority) => boolean;

function justRole(has: Has, role: MainRole): boolean {
  return (Object.keys(MAIN_ROLES) as MainRole[]).every((other) =>
    other === role ? has(MAIN_ROLES[other]) : !has(MAIN_ROLES[other]),
  );
}

function exactly(authorities: readonly Authority[], expected: readonly Authority[]): boolean {
  const unique = new Set(authorities);
  return unique.size === expected.length && expected.every((a) => unique.has(a));
}

/** Each derived role as a predicate over the user's authorities. */
const DERIVED = {
  manager: (has: Has) => has('customer.owner') || has('customer.manager'),
  owner: (has: Has) => has('customer.owner'),
  therapist: (has: Has) => has('customer.therapist'),
  billing: (has: Has) => has('customer.owner') || has('customer.manager') || has('customer.biller'),
  financial: (has: Has) =>
    has('customer.owner') ||
    has('customer.manager') ||
    has('customer.biller') ||
    has('customer.therapist.financial'),
  payment: (has: Has) =>
    has('customer.owner') ||
    has('customer.manager') ||
    has('customer.biller') ||
    has('customer.therapist.payment'),
  reporting: (has: Has) =>
    has('customer.owner') ||
    has('customer.manager.reporting') ||
    has('customer.therapist.reporting'),
  practiceWideReporting: (has: Has) =>
    has('customer.owner') || (has('customer.manager') && has('customer.manager.reporting')),
  allDemographics: (has: Has) =>
    has('customer.owner') ||
    has('customer.manager') ||
    has('customer.biller') ||
    has('customer.scheduler'),
  /** Who may open the calendar: practice-wide calendar roles and therapists (see calendarReach). */
  calendar: (has: Has) =>
    has('customer.owner') ||
    has('customer.manager') ||
    has('customer.scheduler') ||
    has('customer.frontoffice') ||
    has('customer.biller') ||
    has('customer.therapist'),
  scheduling: (has: Has) =>
    has('customer.scheduler') ||
    has('customer.therapist') ||
    has('customer.owner') ||
    has('customer.manager'),
  /** Who may edit availability: managers (any therapist's) and therapists (their own). */
  availability: (has: Has) =>
    has('customer.owner') || has('customer.manager') || has('customer.therapist'),
  ta: (has: Has) => TA_STAFF.some(has),
  taImpersonation: (has: Has) => TA_STAFF.some(has) && has('ta.impersonation'),
  staffAdministrator: (has: Has) => has('customer.staffadministrator'),
  /** Who sees the Settings button: managers and staff administrators. */
  settings: (has: Has) =>
    has('customer.owner') || has('customer.manager') || has('customer.staffadministrator'),
  custodian: (has: Has) => has('customer.phisupervisor'),
  patient: (has: Has) => has('patient.patient'),
  prescribingTherapist: (has: Has) => has('customer.therapist') && has('customer.dosespot'),
  prescribingAgent: (has: Has) => has('customer.prescribingagent'),
  justTherapist: (has: Has) => justRole(has, 'therapist'),
  justScheduler: (has: Has) => justRole(has, 'scheduler'),
  justBiller: (has: Has) => justRole(has, 'biller'),
  justManager: (has: Has) => justRole(has, 'manager'),
  justOwner: (has: Has) => justRole(has, 'owner'),
} as const;

export type DerivedRole =
  | keyof typeof DERIVED
  | 'schedulerWithNothingElse'
  | 'billerWithNothingElse'
  | 'custodianWithNothingElse'
  | 'staffAdministratorWithNothingElse'
  | 'practiceStaff';

export const DERIVED_ROLES: readonly DerivedRole[] = [
  ...(Object.keys(DERIVED) as (keyof typeof DERIVED)[]),
  'schedulerWithNothingElse',
  'billerWithNothingElse',
  'custodianWithNothingElse',
  'staffAdministratorWithNothingElse',
  'practiceStaff',
];

/** True when the authorities grant the derived role. */
export function hasRole(authorities: readonly string[], role: DerivedRole): boolean {
  const known = authorities.filter(isAuthority);
  const has: Has = (a) => known.includes(a);
  switch (role) {
    case 'schedulerWithNothingElse':
      return exactly(known, ['customer.frontoffice', 'customer.scheduler']);
    case 'billerWithNothingElse':
      return exactly(known, ['customer.frontoffice', 'customer.biller']);
    case 'custodianWithNothingElse':
      return exactly(known, ['customer.phisupervisor']);
    case 'staffAdministratorWithNothingElse':
      return exactly(known, ['customer.staffadministrator']);
    case 'practiceStaff':
      return known.some((a) => a.startsWith('customer.'));
    default:
      return DERIVED[role](has);
  }
}

/** All derived roles a user holds, for identity payloads and tests. */
export function rolesOf(authorities: readonly string[]): DerivedRole[] {
  return DERIVED_ROLES.filter((role) => hasRole(authorities, role));
}
