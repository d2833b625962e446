import { formatCount } from '@openpractice/domain';

import type { NavItem } from './types';

/**
 * What a screen reader hears for an item: its label with the count's words
 * ('Booking requests, 3 pending'), or the bare count when the server gave
 * no words ('Clients (99+)').
 */
export function accessibleNavLabel(item: Pick<NavItem, 'label' | 'badge' | 'badgeLabel'>): string {
  if (!item.badge) return item.label;
  if (item.badgeLabel) return `${item.label}, ${item.badgeLabel}`;
  return `${item.label} (${formatCount(item.badge)})`;
}
