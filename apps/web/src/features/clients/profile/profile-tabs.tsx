import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router';

import type { ClientProfile } from './api/profile';
import { ProfileTabContent } from './profile-tab-content';
import { selectedTab, visibleTabs } from './tabs';

export const TAB_PARAM = 'tab';

const tabId = (key: string) => `client-tab-${key}`;
const panelId = (key: string) => `client-tabpanel-${key}`;

/**
 * The record's tabs (a WAI-ARIA tablist: arrow keys move between tabs). The
 * open tab is in the address (`?tab=`), so it survives a reload and can be
 * linked to. Tabs stand in a column on wide screens and scroll in a row on
 * small ones. Only the open tab is rendered, so only its data loads.
 */
export function ProfileTabs({
  profile,
  canViewEmailLog,
}: {
  profile: ClientProfile;
  canViewEmailLog: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const tabs = visibleTabs(profile);
  const current = selectedTab(tabs, params.get(TAB_PARAM));

  const open = (key: string) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 3 }}>
      <Tabs
        // A new orientation measures the indicator afresh.
        key={wide ? 'vertical' : 'horizontal'}
        value={current.key}
        onChange={(_event, key: string) => {
          open(key);
        }}
        orientation={wide ? 'vertical' : 'horizontal'}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Client record"
        sx={wide ? { borderRight: 1, borderColor: 'divider', minWidth: 200 } : {}}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={tabId(tab.key)}
            aria-controls={tab.key === current.key ? panelId(tab.key) : undefined}
            sx={wide ? { alignItems: 'flex-start', textAlign: 'left' } : {}}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={panelId(current.key)}
        aria-labelledby={tabId(current.key)}
        sx={{ flex: 1, minWidth: 0 }}
      >
        <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
          {current.label}
        </Typography>
        <ProfileTabContent
          key={current.key}
          tab={current.key}
          profile={profile}
          canViewEmailLog={canViewEmailLog}
        />
      </Box>
    </Box>
  );
}
