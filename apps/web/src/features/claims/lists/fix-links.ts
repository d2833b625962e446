import { billingRoutes } from '../../../config/paths/billing';
import { paths } from '../../../config/paths';
import type { ClaimProblemRow } from './api';

/**
 * Where a scrub problem is fixed (the scrubber's `fix`, packages/domain claims/problems.ts),
 * as a link for the claim's client: the claim set-up, the client's tab that holds the part
 * (diagnoses in Clinical info, the address in Addresses, the policy and its authorisations in
 * Insurance), the payers, the services' fees, the client's notes. A problem on the claim
 * itself has no screen of its own until the claim's page (issue 20 item 8's history) exists:
 * null, and the page says so.
 */
export function fixLinkOf(
  problem: Pick<ClaimProblemRow, 'fix' | 'field'>,
  patientId: number,
): { href: string; label: string } | null {
  const profile = (tab: string) => paths.client.profile.getHref(patientId, tab);
  switch (problem.fix) {
    case 'claimSetup':
      return { href: paths.claimSetup.getHref(), label: 'Open the claim set-up' };
    case 'client':
      if (problem.field.startsWith('diagnoses'))
        return { href: profile('clinical'), label: 'Add the diagnosis' };
      if (problem.field.includes('address'))
        return { href: profile('addresses'), label: 'Open the client’s addresses' };
      return { href: profile('basic'), label: 'Open the client’s details' };
    case 'policy':
    case 'authorisation':
      return { href: profile('insurance'), label: 'Open the client’s insurance' };
    case 'payer':
      return { href: paths.practiceInsurance.getHref(), label: 'Open the payers' };
    case 'fees':
      return { href: paths.practiceServices.getHref(), label: 'Open the services and fees' };
    case 'note':
      return { href: paths.client.records.getHref(patientId), label: 'Open the client’s notes' };
    case 'claim':
      return null;
  }
}

/** The client's ledger, where the claim's sessions and charges are. */
export const clientBillingHref = (patientId: number) => billingRoutes.client.getHref(patientId);
