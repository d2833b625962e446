import { hasRole } from '@openpractice/domain';

import { useIdentity } from '../../features/identity/api';

/**
 * Whether the signed-in user is the practice owner, composed here so billing's pages need not
 * read identity. The owner alone connects a Stripe account and attests the compliance answers;
 * the server refuses anyone else, this only hides what would be refused.
 */
export function useIsOwner(): boolean {
  const identity = useIdentity();
  return identity.data?.isAuthenticated === true
    ? hasRole(identity.data.authorities, 'owner')
    : false;
}
