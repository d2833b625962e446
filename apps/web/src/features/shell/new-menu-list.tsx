import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { NavIcon } from './nav-icon';
import type { NavItem } from './types';
import { useNavItemProps } from './use-nav-item-props';

/** The 'New' menu's list (new-menu.tsx), loaded when the menu first opens. */
export function NewMenuList({
  id,
  anchor,
  items,
  filled,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  items: NavItem[];
  filled: boolean;
  onClose: () => void;
}) {
  const itemProps = useNavItemProps(onClose);
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {items.map((item) => (
        <MenuItem key={item.id} {...itemProps(item)}>
          <ListItemIcon>
            <NavIcon name={item.icon} filled={filled} />
          </ListItemIcon>
          <ListItemText>{item.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
