import Alert from '@mui/material/Alert';
import { hasRole, type DerivedRole } from '@openpractice/domain';
import { useParams } from 'react-router';

import { CardPage } from '../../features/billing/cards/card-page';
import { CompliancePage } from '../../features/billing/cards/compliance-page';
import { ProcessorsPage } from '../../features/billing/cards/processors-page';
import { useIdentity } from '../../features/identity/api';

/**
 * `/practice/paymentProcessing`, its compliance page `/practice/paymentProcessing/compliance`
 * and `/practice/card/{id?}` (issue 19 item 6), behind one route (practice-pages.ts says why).
 * Each page's role: set-up for owners and managers, compliance for billing staff, a card on
 * file for the payment role; the owner alone connects a Stripe account and attests answers
 * (the server refuses anyone else: this only hides what would be refused).
 */
export function ProcessingRoute() {
  const { section, part } = useParams();
  const identity = useIdentity();
  const authorities = identity.data?.isAuthenticated === true ? identity.data.authorities : [];
  const may = (role: DerivedRole) => hasRole(authorities, role);
  const refused = <Alert severity="warning">You do not have access to this page.</Alert>;
  if (section === 'card') return <CardPage />;
  if (section === 'paymentProcessing' && part === 'compliance')
    return may('billing') ? <CompliancePage canAttest={may('owner')} /> : refused;
  if (section === 'paymentProcessing' && part === undefined)
    return may('manager') ? <ProcessorsPage canConnect={may('owner')} /> : refused;
  return <Alert severity="warning">Page not found.</Alert>;
}
