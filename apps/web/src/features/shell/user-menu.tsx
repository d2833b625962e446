import LogoutIcon from '@mui/icons-material/Logout';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { NavIcon } from './nav-icon';
import type { NavItem, NavigationUser } from './types';
import { useNavItemProps } from './use-nav-item-props';

export interface UserMenuProps {
  user: NavigationUser;
  items: NavItem[];
  legalItems: NavItem[];
  onSignOut: () => void;
  signingOut: boolean;
  /** Shows 'Report an issue' (support staff, and anyone impersonating). */
  onReportIssue?: () => void;
}

/**
 * The account menu behind the user's initials: who is signed in (and who is
 * really at the keyboard while impersonating), the user's links, the legal
 * links and 'Sign out'.
 */
export function UserMenu(props: UserMenuProps) {
  const { user } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const close = () => {
    setAnchor(null);
  };
  const itemProps = useNavItemProps(close);
  const filled = user.isProviderStaff;

  const renderItem = (item: NavItem) => (
    <MenuItem key={item.id} {...itemProps(item)}>
      <ListItemIcon>
        <NavIcon name={item.icon} filled={filled} />
      </ListItemIcon>
      <ListItemText>{item.label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="true"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
        sx={{ ml: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '0.95rem' }}>
          {user.initials}
        </Avatar>
      </IconButton>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600 }}>Hi, {user.displayedName}!</Typography>
          {user.practiceName && (
            <Typography variant="body2" color="text.secondary">
              {user.practiceName}
            </Typography>
          )}
          {user.impersonating && user.impersonatorName && (
            <Typography variant="body2" color="warning.main">
              Impersonated by {user.impersonatorName}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuList autoFocusItem aria-label="Account">
          {props.items.map(renderItem)}
          {props.legalItems.length > 0 && props.items.length > 0 && <Divider />}
          {props.legalItems.map(renderItem)}
          {props.onReportIssue && (
            <MenuItem
              onClick={() => {
                close();
                props.onReportIssue?.();
              }}
            >
              <ListItemIcon>
                <ReportProblemOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Report an issue</ListItemText>
            </MenuItem>
          )}
          <MenuItem
            disabled={props.signingOut}
            onClick={() => {
              close();
              props.onSignOut();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Sign out</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
