import { LoginPage } from '../features/identity/login-page';
import { useConfig } from '../features/shell/api';

/** The sign-in page, told by the server's configuration whether this is a demo database. */
export function LoginRoute() {
  const config = useConfig();
  return <LoginPage demoMode={config.data?.demoMode ?? false} />;
}
