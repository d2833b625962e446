import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { formatCount } from '@openpractice/domain';
import { useId, useState, type ReactNode } from 'react';

import { LazyTooltip } from '../../ui/lazy-tooltip';
import { NavCount } from './nav-count';
import { NavIcon } from './nav-icon';
import { accessibleNavLabel } from './nav-label';
import { containsItem } from './selected-nav-item';
import type { NavItem } from './types';
import type { NavItemProps } from './use-nav-item-props';

export interface NavListOptions {
  selected: NavItem | null;
  /** Icons only; labels become tooltips and accessible names. */
  mini: boolean;
  /** Filled icons (provider staff) or outlined (everyone else). */
  filled: boolean;
  /** Open every group at first (screen-reader mode). */
  expandAll: boolean;
  itemProps: (item: NavItem) => NavItemProps;
}

function iconWithBadge(item: NavItem, options: NavListOptions): ReactNode {
  const icon = <NavIcon name={item.icon} filled={options.filled} />;
  if (!options.mini || !item.badge) return icon;
  return (
    <Badge badgeContent={formatCount(item.badge)} color="error">
      {icon}
    </Badge>
  );
}

/** One entry of the side navigation; an entry with children opens and closes its group. */
export function NavListItem({
  item,
  depth,
  options,
  renderChildren,
}: {
  item: NavItem;
  depth: number;
  options: NavListOptions;
  renderChildren: (items: NavItem[], depth: number) => ReactNode;
}) {
  const children = item.children ?? [];
  const [open, setOpen] = useState(() => options.expandAll || containsItem(item, options.selected));
  const groupId = useId();
  const isSelected = options.selected?.id === item.id;
  const label = accessibleNavLabel(item);
  // With a count the whole name is said at once ('Booking requests, 3 pending'), not '… 3'.
  const ariaLabel = options.mini || item.badge ? label : undefined;
  const spacing = options.mini ? { px: 0, justifyContent: 'center' } : { pl: 2 + depth * 2 };

  const content = (
    <>
      <ListItemIcon sx={{ minWidth: options.mini ? 0 : 36 }}>
        {iconWithBadge(item, options)}
      </ListItemIcon>
      {!options.mini && (
        <ListItemText primary={item.label} slotProps={{ primary: { noWrap: true } }} />
      )}
      {!options.mini && item.badge ? <NavCount count={item.badge} /> : null}
    </>
  );

  const button =
    children.length > 0 ? (
      <ListItemButton
        sx={spacing}
        aria-expanded={open}
        aria-controls={groupId}
        aria-label={ariaLabel}
        selected={isSelected}
        onClick={() => {
          setOpen((current) => !current);
        }}
      >
        {content}
        {!options.mini && (open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />)}
      </ListItemButton>
    ) : (
      <ListItemButton
        {...options.itemProps(item)}
        sx={spacing}
        selected={isSelected}
        aria-current={isSelected ? 'page' : undefined}
        aria-label={ariaLabel}
      >
        {content}
      </ListItemButton>
    );

  return (
    <ListItem
      disablePadding
      sx={{ display: 'block', ...(item.divider ? { borderTop: 1, borderColor: 'divider' } : {}) }}
    >
      {options.mini ? (
        <LazyTooltip title={label} placement="right">
          {button}
        </LazyTooltip>
      ) : (
        button
      )}
      {children.length > 0 && (
        <Collapse in={open} timeout="auto" id={groupId}>
          {renderChildren(children, depth + 1)}
        </Collapse>
      )}
    </ListItem>
  );
}
