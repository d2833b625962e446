import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';

/** A client's name, opening their Billing view. */
export function ClientBillingLink({ patientId, name }: { patientId: number; name: string }) {
  return (
    <Link component={RouterLink} to={billingRoutes.client.getHref(patientId)}>
      {name}
    </Link>
  );
}
