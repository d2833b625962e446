import { hasRole } from '@openpractice/domain';

import { useIdentity } from '../../features/identity/api';

/**
 * Whether the signed-in user may open a client's Billing page (`/client/{id}/billing`), whose
 * route guard asks the financial role (spec-1 §6), as the server's ledger call does. A user
 * with the payment role alone (demo therapist4) takes payments but would land on Access
 * denied, so the payment pages offer them no link there.
 */
export function useMayOpenLedger(): boolean {
  const identity = useIdentity();
  return hasRole(identity.data?.authorities ?? [], 'financial');
}
