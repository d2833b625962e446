import { useIdentity } from '../../features/identity/api';
import { ClientSearchPage } from '../../features/clients/search/client-search-page';
import type { SearchView } from '../../features/clients/search/search-criteria';

function ClientSearchRoute({ view }: { view: SearchView }) {
  const identity = useIdentity();
  return <ClientSearchPage view={view} authorities={identity.data?.authorities ?? []} />;
}

/** `/client/allClients`: every client the user may see (their own for a therapist only). */
export function AllClientsRoute() {
  return <ClientSearchRoute view="allClients" />;
}

/** `/client/myClients`: the therapist's own clients. */
export function MyClientsRoute() {
  return <ClientSearchRoute view="myClients" />;
}

/** `/client/newClients`: the client search, newest first. */
export function NewClientsRoute() {
  return <ClientSearchRoute view="newClients" />;
}
