import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, useId, useState } from 'react';

import { OnceOpened } from '../../ui/on-first-use';
import type { NavItem, NavigationUser } from './types';

// The menu itself loads when first opened (issue 14: first paint budgets).
const UserMenuPopover = lazy(async () => ({
  default: (await import('./user-menu-popover')).UserMenuPopover,
}));

export interface UserMenuProps {
  user: NavigationUser;
  items: NavItem[];
  legalItems: NavItem[];
  onSignOut: () => void;
  signingOut: boolean;
  /** Shows 'Report an issue' (support staff, and anyone impersonating). */
  onReportIssue?: () => void;
  /** Shows 'Change password' (never while impersonating). */
  onChangePassword?: (() => void) | undefined;
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
      <OnceOpened open={anchor !== null}>
        <UserMenuPopover
          {...props}
          id={popoverId}
          anchor={anchor}
          onClose={() => {
            setAnchor(null);
          }}
        />
      </OnceOpened>
    </>
  );
}
