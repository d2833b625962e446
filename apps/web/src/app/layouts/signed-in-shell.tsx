import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Outlet } from 'react-router';

import type { Identity } from '../../features/identity/api';
import { useSignOut } from '../../features/identity/api';
import { ImpersonationBanner } from '../../features/admin/impersonation-banner';
import { SessionServices } from '../../features/session/session-services';
import { useNavigation } from '../../features/shell/api';
import { BottomNav } from '../../features/shell/bottom-nav';
import { DashboardAlerts } from '../../features/shell/dashboard-alerts';
import { NavDrawer } from '../../features/shell/nav-drawer';
import { ShellFrame } from '../../features/shell/shell-frame';
import { SideNav } from '../../features/shell/side-nav';
import { TopBar } from '../../features/shell/top-bar';
import { useMiniMode } from '../../features/shell/use-mini-mode';
import { ReportIssueDialog } from '../../features/support/report-issue-dialog';
import { errorMessage } from '../../lib/api-client';
import { FeedbackServices } from '../../ui/feedback-services';
import { navigationFallback } from './navigation-fallback';

export const NAVIGATION_LOAD_FAILED_MESSAGE = "We're sorry, there was a problem loading data.";

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
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();

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
        banner={
          user.impersonating ? (
            <ImpersonationBanner
              displayedName={user.displayedName}
              practiceName={user.practiceName}
              impersonatorName={user.impersonatorName}
              endsAt={identity.impersonationEndsAt}
            />
          ) : null
        }
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
            onSignOut={() => {
              signOut.mutate(undefined, {
                onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
              });
            }}
            signingOut={signOut.isPending}
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
            <BottomNav items={navigation.main} filled={user.isProviderStaff} />
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
        <NavDrawer
          {...navProps}
          open={drawerOpen}
          onClose={() => {
            setDrawerOpen(false);
          }}
        />
      )}
      <ReportIssueDialog
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
