import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, useId, useState, type MouseEvent } from 'react';

import { OnceOpened } from '../../ui/on-first-use';
import type { NavItem } from './types';

// The menu itself loads when first opened (issue 14: first paint budgets).
const NewMenuList = lazy(async () => ({ default: (await import('./new-menu-list')).NewMenuList }));

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
      <OnceOpened open={anchor !== null}>
        <NewMenuList
          id={menuId}
          anchor={anchor}
          items={items}
          filled={filled}
          onClose={() => {
            setAnchor(null);
          }}
        />
      </OnceOpened>
    </>
  );
}
