import { LoginPage } from '../features/identity/login-page';
import { useConfig } from '../features/shell/api';
import './login-route.css';

/**
 * The sign-in page, told by the server's configuration whether this is a demo database. It has
 * no layout: it draws the public layout's column itself, in plain CSS, so the first visit
 * loads no MUI (issue 14).
 */
export function LoginRoute() {
  const config = useConfig();
  return (
    <main className="login-route">
      <div className="login-route__column">
        <LoginPage demoMode={config.data?.demoMode ?? false} />
      </div>
    </main>
  );
}
