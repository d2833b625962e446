import { StaffPasswordPage } from '../../features/practice/staff/staff-password-page';

/** `/public/staff/activate?token=`: a staff member's invitation link. */
export function ActivateStaffRoute() {
  return <StaffPasswordPage purpose="activate" />;
}

/** `/public/staff/resetPassword?token=`: a staff member's password reset link. */
export function ResetStaffPasswordRoute() {
  return <StaffPasswordPage purpose="reset" />;
}
