import { hasRole } from './roles.ts';

/**
 * Who may see and change a client's record (spec-2 §3 patientAccess).
 * Practice-wide roles reach every client of the practice; a therapist reaches
 * the clients they treat and those of therapists they supervise; a custodian
 * the records they hold. Everything else is decided from these flags.
 */
export type ClientRelation = {
  /** The user is one of the client's therapists. */
  isTherapist: boolean;
  /** The user supervises one of the client's therapists. */
  isSupervisor: boolean;
  /** The user holds the client's records as custodian. */
  isCustodian: boolean;
};

export type PatientAccess = {
  canView: boolean;
  hasDemographicAccess: boolean;
  hasBillingAccess: boolean;
  hasPaymentAccess: boolean;
  hasMessagingAccess: boolean;
  hasSchedulingAccess: boolean;
  hasRecordAdministration: boolean;
};

export const NO_CLIENT_ACCESS: PatientAccess = {
  canView: false,
  hasDemographicAccess: false,
  hasBillingAccess: false,
  hasPaymentAccess: false,
  hasMessagingAccess: false,
  hasSchedulingAccess: false,
  hasRecordAdministration: false,
};

export function clientAccess(
  authorities: readonly string[],
  relation: ClientRelation,
): PatientAccess {
  const is = (role: Parameters<typeof hasRole>[1]) => hasRole(authorities, role);
  const treats = relation.isTherapist || relation.isSupervisor;
  const frontOffice = authorities.includes('customer.frontoffice');
  const practiceWide = is('allDemographics') || is('manager');
  const canView =
    practiceWide || frontOffice || treats || relation.isCustodian || is('staffAdministrator');
  if (!canView || !is('practiceStaff')) return NO_CLIENT_ACCESS;
  return {
    canView: true,
    hasDemographicAccess: practiceWide || treats || relation.isCustodian,
    hasBillingAccess: is('billing') || (is('financial') && treats),
    hasPaymentAccess:
      is('manager') || authorities.includes('customer.biller') || (is('payment') && treats),
    hasMessagingAccess: is('manager') || relation.isTherapist,
    hasSchedulingAccess:
      is('manager') ||
      authorities.includes('customer.scheduler') ||
      frontOffice ||
      relation.isTherapist,
    hasRecordAdministration: is('manager') || relation.isCustodian,
  };
}

export const CLIENT_SEARCH_CONTEXTS = ['all', 'my', 'supervisees', 'custodian'] as const;
export type ClientSearchContext = (typeof CLIENT_SEARCH_CONTEXTS)[number];

export const CLIENT_SEARCH_CONTEXT_LABELS: Record<ClientSearchContext, string> = {
  all: 'All Clients',
  my: 'My Clients',
  supervisees: 'Clients of Supervisees',
  custodian: 'My Custodian Records',
};

/** The search contexts the server offers a user (spec-1 §6: they come from the server). */
export function clientSearchContextsFor(
  authorities: readonly string[],
  facts: { isTherapist: boolean; hasSupervisees: boolean; isCustodian: boolean },
): ClientSearchContext[] {
  const contexts: ClientSearchContext[] = [];
  if (facts.isTherapist) contexts.push('my');
  const practiceWide =
    hasRole(authorities, 'allDemographics') ||
    hasRole(authorities, 'manager') ||
    authorities.includes('customer.frontoffice') ||
    hasRole(authorities, 'staffAdministrator');
  if (practiceWide) contexts.push('all');
  if (facts.isTherapist && facts.hasSupervisees) contexts.push('supervisees');
  if (facts.isCustodian) contexts.push('custodian');
  return contexts;
}
