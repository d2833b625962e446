import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import {
  SIDE_NAV_MINI_WIDTH,
  SIDE_NAV_WIDTH,
  SIDE_NAV_WIDTH_TA,
  TOP_BAR_HEIGHT,
} from '@openpractice/domain';
import { useLocation } from 'react-router';

import { LazyTooltip } from '../../ui/lazy-tooltip';
import { NavList } from './nav-list';
import { selectedNavItem } from './selected-nav-item';
import type { NavItem } from './types';
import { useNavItemProps } from './use-nav-item-props';

export interface SideNavProps {
  items: NavItem[];
  /** Internal support staff get a wider menu. */
  wide: boolean;
  filled: boolean;
  expandAll: boolean;
  mini: boolean;
  /** Shows the 'Collapse menu' / 'Expand menu' button when given. */
  onToggleMini?: () => void;
  /** Called after an item opens (e.g. to close the drawer holding the menu). */
  onNavigate?: () => void;
  /** In a drawer: fill it rather than stick under the top bar. */
  inDrawer?: boolean;
}

export function sideNavWidth(wide: boolean, mini: boolean): number {
  if (mini) return SIDE_NAV_MINI_WIDTH;
  return wide ? SIDE_NAV_WIDTH_TA : SIDE_NAV_WIDTH;
}

/** The main navigation beside the page (spec-1 §2, Navigation shell). */
export function SideNav(props: SideNavProps) {
  const { pathname } = useLocation();
  const itemProps = useNavItemProps(props.onNavigate);
  const selected = selectedNavItem(props.items, pathname);
  const width = sideNavWidth(props.wide, props.mini);
  const toggleLabel = props.mini ? 'Expand menu' : 'Collapse menu';

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{
        width,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRight: props.inDrawer ? 0 : 1,
        borderColor: 'divider',
        overflowX: 'hidden',
        overflowY: 'auto',
        ...(props.inDrawer
          ? { height: '100%' }
          : {
              position: 'sticky',
              top: TOP_BAR_HEIGHT,
              height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
            }),
      }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <NavList
          items={props.items}
          options={{
            selected,
            mini: props.mini,
            filled: props.filled,
            expandAll: props.expandAll,
            itemProps,
          }}
        />
      </Box>
      {props.onToggleMini && (
        <Box sx={{ display: 'flex', justifyContent: props.mini ? 'center' : 'flex-end', p: 0.5 }}>
          <LazyTooltip title={toggleLabel} placement="right">
            <IconButton aria-label={toggleLabel} onClick={props.onToggleMini}>
              {props.mini ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </LazyTooltip>
        </Box>
      )}
    </Box>
  );
}
