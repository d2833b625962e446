import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';

import { NavIcon } from './nav-icon';
import type { NavItem } from './types';
import { useNavItemProps } from './use-nav-item-props';

/** 'New': a menu of things to create. Not shown when there is nothing to create. */
export function NewMenu({
  items,
  filled,
  compact,
}: {
  items: NavItem[];
  filled: boolean;
  compact: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => {
    setAnchor(null);
  };
  const itemProps = useNavItemProps(close);
  if (items.length === 0) return null;

  const buttonProps = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? true : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      setAnchor(event.currentTarget);
    },
  };

  return (
    <>
      {compact ? (
        <IconButton aria-label="New" color="primary" {...buttonProps}>
          <AddIcon />
        </IconButton>
      ) : (
        <Button variant="contained" startIcon={<AddIcon />} sx={{ mr: 1 }} {...buttonProps}>
          New
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.map((item) => (
          <MenuItem key={item.id} {...itemProps(item)}>
            <ListItemIcon>
              <NavIcon name={item.icon} filled={filled} />
            </ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
