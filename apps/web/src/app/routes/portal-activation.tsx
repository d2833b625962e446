import { PortalPasswordPage } from '../../features/portal/portal-password-page';

/** `/public/activate?token=`: the client portal invitation link. */
export function ActivatePortalRoute() {
  return <PortalPasswordPage purpose="activate" />;
}

/** `/public/resetPassword?token=`: the portal password reset link. */
export function ResetPortalPasswordRoute() {
  return <PortalPasswordPage purpose="reset" />;
}
