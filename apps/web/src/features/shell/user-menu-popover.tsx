import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';

import { NavIcon } from './nav-icon';
import type { NavItem } from './types';
import { useNavItemProps } from './use-nav-item-props';
import type { UserMenuProps } from './user-menu';

/** The account menu's popover (user-menu.tsx), loaded when the menu first opens. */
export function UserMenuPopover({
  id,
  anchor,
  onClose: close,
  ...props
}: UserMenuProps & { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const { user } = props;
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
    <Popover
      id={id}
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
        {props.onChangePassword && (
          <MenuItem
            onClick={() => {
              close();
              props.onChangePassword?.();
            }}
          >
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Change password</ListItemText>
          </MenuItem>
        )}
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
  );
}
