import type { NavItem } from './types';

/** The path's segments, ignoring empty ones (so trailing and doubled slashes do not count). */
function segmentsOf(path: string): string[] {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.split('/').filter((segment) => segment !== '');
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, index) => segment === b[index]);
}

function leadingMatches(a: readonly string[], b: readonly string[]): number {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count += 1;
  return count;
}

/** Every in-app item, parents before their children, in menu order. */
function routeItems(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [
    ...(item.kind === 'route' ? [item] : []),
    ...routeItems(item.children ?? []),
  ]);
}

/** Dashboards share their first segment, so a dashboard page must match on two. */
const TWO_SEGMENT_PREFIXES = new Set(['dashboard']);

/**
 * The navigation item to mark as current for `pathname` (an in-app path,
 * relative to /n), spec-1 §2 Navigation shell:
 * 1. an item whose path is the same, ignoring trailing slashes;
 * 2. else the item sharing the most leading segments with it, with at least
 *    the first segment equal, and the first two for `/dashboard/...` paths.
 * Ties go to the item listed first. Only in-app ('route') items take part.
 */
export function selectedNavItem(items: readonly NavItem[], pathname: string): NavItem | null {
  const candidates = routeItems(items);
  const current = segmentsOf(pathname);

  const exact = candidates.find((item) => sameSegments(segmentsOf(item.to), current));
  if (exact) return exact;

  const first = current[0];
  if (first === undefined) return null;
  const needed = TWO_SEGMENT_PREFIXES.has(first) ? 2 : 1;

  let best: NavItem | null = null;
  let bestScore = needed - 1;
  for (const item of candidates) {
    const score = leadingMatches(segmentsOf(item.to), current);
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/** Whether `item` or one of its descendants is `selected` (to open the right group). */
export function containsItem(item: NavItem, selected: NavItem | null): boolean {
  if (!selected) return false;
  if (item.id === selected.id) return true;
  return (item.children ?? []).some((child) => containsItem(child, selected));
}
