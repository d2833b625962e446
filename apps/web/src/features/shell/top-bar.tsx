import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { TOP_BAR_HEIGHT } from '@openpractice/domain';

import { AppLogo } from './app-logo';
import { HelpLink } from './help-link';
import { MessagesButton } from './messages-button';
import { NewMenu } from './new-menu';
import { SettingsButton } from './settings-button';
import type { NavigationData } from './types';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  navigation: NavigationData;
  /** Clients see their practice's logo when it has one. */
  isPatient: boolean;
  /** Small screens: fewer words, icons instead. */
  compact: boolean;
  /** Shows the 'Open menu' button (staff on small screens). */
  onOpenMenu?: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  onReportIssue?: () => void;
  /** Shows 'Change password' (never while impersonating). */
  onChangePassword?: () => void;
}

/** The bar across the top of every signed-in page (spec-1 §2, Navigation shell). */
export function TopBar(props: TopBarProps) {
  const { navigation, compact } = props;
  const { user, features, helpWidget, currentPractice } = navigation;
  // The banner, or the icon when the practice has only that (issue 16: banner and icon).
  const logoUrl = currentPractice?.logoUrl ?? currentPractice?.logoIconUrl ?? null;
  const practiceLogo =
    props.isPatient && currentPractice && logoUrl
      ? { url: logoUrl, iconUrl: currentPractice.logoIconUrl, name: currentPractice.name }
      : null;

  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar
        disableGutters
        sx={{ minHeight: { xs: TOP_BAR_HEIGHT }, height: TOP_BAR_HEIGHT, px: { xs: 1, sm: 2 } }}
      >
        {props.onOpenMenu && (
          <IconButton aria-label="Open menu" edge="start" onClick={props.onOpenMenu} sx={{ mr: 1 }}>
            <MenuIcon />
          </IconButton>
        )}
        <AppLogo practiceLogo={practiceLogo} />
        <Box sx={{ flexGrow: 1 }} />
        <NewMenu items={navigation.new} filled={user.isProviderStaff} compact={compact} />
        {features.messages.enabled && <MessagesButton newCount={features.messages.newCount} />}
        {user.canSeeSettings && <SettingsButton />}
        {helpWidget.enabled && <HelpLink helpUrl={helpWidget.helpUrl} compact={compact} />}
        <UserMenu
          user={user}
          items={navigation.usernavigation.items}
          legalItems={navigation.usernavigation.legalItems}
          onSignOut={props.onSignOut}
          signingOut={props.signingOut}
          onReportIssue={props.onReportIssue}
          onChangePassword={props.onChangePassword}
        />
      </Toolbar>
    </AppBar>
  );
}
