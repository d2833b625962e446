import List from '@mui/material/List';

import { NavListItem, type NavListOptions } from './nav-list-item';
import type { NavItem } from './types';

/** The items of the side navigation, groups nested. */
export function NavList({
  items,
  options,
  depth = 0,
}: {
  items: NavItem[];
  options: NavListOptions;
  depth?: number;
}) {
  return (
    <List disablePadding dense={depth > 0}>
      {items.map((item) => (
        <NavListItem
          key={item.id}
          item={item}
          depth={depth}
          options={options}
          renderChildren={(children, childDepth) => (
            <NavList items={children} options={options} depth={childDepth} />
          )}
        />
      ))}
    </List>
  );
}
