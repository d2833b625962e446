import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, useState } from 'react';
import { Outlet } from 'react-router';

import type { Identity } from '../../features/identity/api';
import { useSignOut } from '../../features/identity/api';
import { SessionServices } from '../../features/identity/session/session-services';
import { useNavigation } from '../../features/shell/api';
import type { NavigationUser } from '../../features/shell/types';
import { DashboardAlerts } from '../../features/shell/dashboard-alerts';
import { ShellFrame } from '../../features/shell/shell-frame';
import { SideNav } from '../../features/shell/side-nav';
import { TopBar } from '../../features/shell/top-bar';
import { useMiniMode } from '../../features/shell/use-mini-mode';
import { LazyReportIssueDialog } from '../report-issue';
import { errorToast } from '../../lib/api-errors';
import { FeedbackServices } from '../../ui/feedback-services';
import { LoadOnUse, OnceOpened } from '../../ui/on-first-use';
import { useChangePasswordDialog } from './change-password-host';
import { navigationFallback } from './navigation-fallback';
import { useSnackbar } from '../../ui/snackbar/snackbar';

// What only some users or screens show loads when shown: the small screens' drawer (when first
// opened) and bottom navigation, and the banner of an impersonation (issue 14: first paint).
const NavDrawer = lazy(async () => ({
  default: (await import('../../features/shell/nav-drawer')).NavDrawer,
}));
const BottomNav = lazy(async () => ({
  default: (await import('../../features/shell/bottom-nav')).BottomNav,
}));
const ImpersonationBanner = lazy(async () => ({
  default: (await import('../../features/admin/impersonation-banner')).ImpersonationBanner,
}));

export const NAVIGATION_LOAD_FAILED_MESSAGE = "We're sorry, there was a problem loading data.";

/** Signing out from the top bar; a failure shows as an error toast. */
function useSignOutWithToast() {
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  return {
    pending: signOut.isPending,
    signOut: () => {
      signOut.mutate(undefined, {
        onError: (error) => {
          const { message, ...toast } = errorToast(error);
          enqueueSnackbar(message, toast);
        },
      });
    },
  };
}

/** Who is really at the keyboard while an identity is impersonated, and until when. */
function ShellBanner({
  user,
  endsAt,
}: {
  user: NavigationUser;
  endsAt: Identity['impersonationEndsAt'];
}) {
  if (!user.impersonating) return null;
  return (
    <LoadOnUse>
      <ImpersonationBanner
        displayedName={user.displayedName}
        practiceName={user.practiceName}
        impersonatorName={user.impersonatorName}
        endsAt={endsAt}
      />
    </LoadOnUse>
  );
}

/**
 * The navigation shell around every signed-in page (spec-1 §1, §2): top bar,
 * side navigation (a drawer for staff and a bottom navbar for everyone else
 * on small screens), the impersonation banner, and the session and feedback
 * services.
 */
export function SignedInShell({ identity }: { identity: Identity }) {
  const navigationQuery = useNavigation();
  const navigation = navigationQuery.data ?? navigationFallback(identity);
  const { user } = navigation;
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [mini, toggleMini] = useMiniMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const changePassword = useChangePasswordDialog();
  const { signOut, pending: signingOut } = useSignOutWithToast();

  // Internal support staff count as staff here, though they belong to no practice.
  const staff = user.isStaff || user.isTa;
  const navProps = {
    items: navigation.main,
    wide: user.isTa,
    filled: user.isProviderStaff,
    expandAll: identity.screenReader,
  };

  let sideNav = null;
  if (!small) sideNav = <SideNav {...navProps} mini={mini} onToggleMini={toggleMini} />;
  else if (staff) sideNav = <SideNav {...navProps} mini />;

  return (
    <>
      <ShellFrame
        banner={<ShellBanner user={user} endsAt={identity.impersonationEndsAt} />}
        topBar={
          <TopBar
            navigation={navigation}
            isPatient={identity.type === 'patient'}
            compact={small}
            onOpenMenu={
              small && staff
                ? () => {
                    setDrawerOpen(true);
                  }
                : undefined
            }
            onSignOut={signOut}
            signingOut={signingOut}
            // Support staff acting as someone never change that person's password.
            onChangePassword={user.impersonating ? undefined : changePassword.open}
            onReportIssue={
              navigation.helpWidget.issueReporting
                ? () => {
                    setReporting(true);
                  }
                : undefined
            }
          />
        }
        sideNav={sideNav}
        bottomNav={
          small && !staff ? (
            <LoadOnUse>
              <BottomNav items={navigation.main} filled={user.isProviderStaff} />
            </LoadOnUse>
          ) : null
        }
      >
        {navigationQuery.isError && !navigationQuery.data && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {NAVIGATION_LOAD_FAILED_MESSAGE}
          </Alert>
        )}
        <DashboardAlerts alerts={navigation.dashboardAlerts} />
        <Outlet />
      </ShellFrame>
      {small && staff && (
        <OnceOpened open={drawerOpen}>
          <NavDrawer
            {...navProps}
            open={drawerOpen}
            onClose={() => {
              setDrawerOpen(false);
            }}
          />
        </OnceOpened>
      )}
      {changePassword.dialog}
      <LazyReportIssueDialog
        open={reporting}
        onClose={() => {
          setReporting(false);
        }}
      />
      <SessionServices inactivityLockoutMinutes={navigation.features.inactivityLockoutMinutes} />
      <FeedbackServices />
    </>
  );
}
