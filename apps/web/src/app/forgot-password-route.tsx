import { ForgotPasswordPage } from '../features/identity/forgot-password-page';
import './login-route.css';

/** "Forgot password?", drawn as the sign-in page is: its column in plain CSS, no layout. */
export function ForgotPasswordRoute() {
  return (
    <main className="login-route">
      <div className="login-route__column">
        <ForgotPasswordPage />
      </div>
    </main>
  );
}
