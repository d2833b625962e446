import { useIdentity } from '../../features/identity/api';
import { RequireSignIn } from '../../features/identity/require-sign-in';
import { AppTheme } from '../app-theme';
import { SignedInShell } from './signed-in-shell';

/** Signed-in pages: the navigation shell around the page, once the user is known. */
export function DefaultLayout() {
  const identity = useIdentity();
  return (
    <AppTheme>
      <RequireSignIn>
        {identity.data ? <SignedInShell identity={identity.data} /> : null}
      </RequireSignIn>
    </AppTheme>
  );
}
