import Drawer from '@mui/material/Drawer';

import { SideNav, type SideNavProps } from './side-nav';

/** The menu of small screens for staff: the side navigation in a drawer from the left. */
export function NavDrawer({
  open,
  onClose,
  ...nav
}: Omit<SideNavProps, 'mini' | 'onToggleMini' | 'onNavigate' | 'inDrawer'> & {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } }}
    >
      <SideNav {...nav} mini={false} inDrawer onNavigate={onClose} />
    </Drawer>
  );
}
