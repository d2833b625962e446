import { hasRole } from '@openpractice/domain';

/**
 * Who may add clients: front office, schedulers, billers, managers and
 * therapists, as the server decides in `mayCreateClients`.
 * TODO(lead): move the rule to packages/domain and use it on both sides.
 */
export function mayCreateClients(authorities: readonly string[]): boolean {
  return (
    hasRole(authorities, 'allDemographics') ||
    hasRole(authorities, 'scheduling') ||
    authorities.includes('customer.frontoffice')
  );
}

export const MAY_NOT_CREATE_MESSAGE = 'Your role does not include adding clients.';
