import { hasRole } from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';

import { getNavigationQueryOptions } from '../../features/shell/api';
import { useIdentity } from '../../features/identity/api';
import { ContactPage } from '../../features/practice/contacts/contact-page';
import { ContactsPage } from '../../features/practice/contacts/contacts-page';
import { LogoPage } from '../../features/practice/logo/logo-page';

/** Staff who keep client records (allDemographics) add and change the practice's contacts. */
function useCanEditContacts(): boolean {
  const identity = useIdentity();
  return identity.data?.isAuthenticated === true
    ? hasRole(identity.data.authorities, 'allDemographics')
    : false;
}

export function ContactsRoute() {
  return <ContactsPage canEdit={useCanEditContacts()} />;
}

export function ContactRoute() {
  return <ContactPage canEdit={useCanEditContacts()} />;
}

/** A changed logo reaches the top bar through fresh navigation data. */
export function LogoRoute() {
  const queryClient = useQueryClient();
  return (
    <LogoPage
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: getNavigationQueryOptions().queryKey });
      }}
    />
  );
}
