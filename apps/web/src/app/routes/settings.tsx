import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { OnlineBookingSettings } from '../../features/booking/online-booking-settings';
import { ChartingSettingsSection } from '../../features/charting/settings/charting-settings';
import { PracticeInfoSection } from '../../features/practice/info/practice-info-form';
import { PracticeProfileLinks } from '../../features/practice/profile-links';
import { SettingsPage } from '../../features/practice/settings-page';
import { useProtectedAction } from '../../features/identity/session/use-protected-action';
import { getNavigationQueryOptions } from '../../features/shell/api';
import { useIdentity } from '../../features/identity/api';
import { hasRole } from '@openpractice/domain';

/**
 * `/settings`: saving runs as a protected action (Verify Password), and a
 * saved inactivity limit reaches the shell's timer through fresh navigation data.
 * The practice's settings page and the booking area's section are composed here.
 */
export function SettingsRoute() {
  const queryClient = useQueryClient();
  const runProtected = useProtectedAction();
  const identity = useIdentity();
  const isManager =
    identity.data?.isAuthenticated === true && hasRole(identity.data.authorities, 'manager');
  return (
    <SettingsPage
      runProtected={runProtected}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: getNavigationQueryOptions().queryKey });
      }}
    >
      {/* The practice's set-up pages reached from Settings (issue 16). */}
      <Button
        component={RouterLink}
        to={paths.practiceStaff.getHref()}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
      >
        Staff and roles
      </Button>
      <PracticeProfileLinks isManager={isManager} />
      {isManager && (
        <Button
          component={RouterLink}
          to={paths.practiceLocations.getHref()}
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
        >
          Locations
        </Button>
      )}
      {isManager && (
        <Button
          component={RouterLink}
          to={paths.practiceServices.getHref()}
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
        >
          Services and fees
        </Button>
      )}
      <PracticeInfoSection canEdit={isManager} />
      <OnlineBookingSettings runProtected={runProtected} />
      {isManager && <ChartingSettingsSection runProtected={runProtected} />}
    </SettingsPage>
  );
}
