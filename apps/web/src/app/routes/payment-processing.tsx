import { CompliancePage } from '../../features/billing/cards/compliance-page';
import { ProcessorsPage } from '../../features/billing/cards/processors-page';
import { useIsOwner } from './use-is-owner';

/**
 * Card processing set-up and its compliance page (issue 19 item 6), one module for both
 * routes: they share most of their code, and one lazy import keeps the route table (in every
 * page's first load) smallest. Only the owner connects a Stripe account and attests answers.
 */
export function ProcessorsRoute() {
  return <ProcessorsPage canConnect={useIsOwner()} />;
}

export function ComplianceRoute() {
  return <CompliancePage canAttest={useIsOwner()} />;
}
