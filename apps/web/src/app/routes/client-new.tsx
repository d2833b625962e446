import { NewClientPage } from '../../features/clients/search/new-client/new-client-page';
import { useIdentity } from '../../features/identity/api';

/** `/client/new`. */
export function NewClientRoute() {
  const identity = useIdentity();
  return <NewClientPage authorities={identity.data?.authorities ?? []} />;
}
