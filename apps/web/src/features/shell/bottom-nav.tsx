import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { formatCount } from '@openpractice/domain';
import { useLocation } from 'react-router';

import { NavIcon } from './nav-icon';
import { accessibleNavLabel } from './nav-label';
import { selectedNavItem } from './selected-nav-item';
import { BOTTOM_NAV_HEIGHT } from './shell-frame';
import type { NavItem } from './types';
import { useNavItemProps } from './use-nav-item-props';

/** The main navigation of small screens for clients and other non-staff users. */
export function BottomNav({ items, filled }: { items: NavItem[]; filled: boolean }) {
  const { pathname } = useLocation();
  const itemProps = useNavItemProps();
  const selected = selectedNavItem(items, pathname);

  return (
    <Paper
      component="nav"
      aria-label="Main navigation"
      elevation={3}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar' }}
    >
      <BottomNavigation showLabels value={selected?.id ?? false} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.id}
            {...itemProps(item)}
            value={item.id}
            label={item.label}
            aria-label={item.badge ? accessibleNavLabel(item) : undefined}
            aria-current={selected?.id === item.id ? 'page' : undefined}
            icon={
              item.badge ? (
                <Badge badgeContent={formatCount(item.badge)} color="error">
                  <NavIcon name={item.icon} filled={filled} />
                </Badge>
              ) : (
                <NavIcon name={item.icon} filled={filled} />
              )
            }
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
