import { describe, expect, it } from 'vitest';

import { selectedNavItem } from './selected-nav-item';
import type { NavItem } from './types';

function route(id: string, to: string, children?: NavItem[]): NavItem {
  return { id, label: id, icon: id, kind: 'route', to, ...(children ? { children } : {}) };
}

const ITEMS: NavItem[] = [
  route('home', '/'),
  route('schedule', '/schedule'),
  route('clients', '/client/allClients', [
    route('myClients', '/client/myClients'),
    route('newClient', '/client/new'),
  ]),
  route('billingDashboard', '/dashboard/billing'),
  route('customerDashboard', '/dashboard/customer'),
  route('reporting', '/reporting/'),
  { id: 'guide', label: 'Guide', icon: 'help', kind: 'external', to: '/schedule/guide' },
  { id: 'legacy', label: 'Legacy', icon: 'api', kind: 'url', to: '/availability' },
];

describe('selectedNavItem', () => {
  it.each([
    ['the home page', '/', 'home'],
    ['an exact path', '/schedule', 'schedule'],
    ['an exact path with a trailing slash', '/schedule/', 'schedule'],
    ["an item's own trailing slash", '/reporting', 'reporting'],
    ['a child item, exactly', '/client/myClients', 'myClients'],
    ['a child item, exactly, before its first-segment parent', '/client/new/', 'newClient'],
    ['a sub-page by its first segment', '/schedule/externalAgent', 'schedule'],
    ['a deep reporting page by its first segment', '/reporting/financial/Income', 'reporting'],
    ['a client record by its first segment (first listed wins)', '/client/42', 'clients'],
    ['a dashboard by its second segment', '/dashboard/customer/todos', 'customerDashboard'],
    ['the other dashboard by its second segment', '/dashboard/billing/', 'billingDashboard'],
    ['a query string is ignored', '/schedule?view=week', 'schedule'],
    ["an external item's own path (only in-app items match)", '/schedule/guide', 'schedule'],
  ])('selects %s (%s)', (_case, pathname, expected) => {
    expect(selectedNavItem(ITEMS, pathname)?.id).toBe(expected);
  });

  it.each([
    ['an unknown first segment', '/settings'],
    ['a dashboard matching on the first segment only', '/dashboard/therapist'],
    ['the bare dashboard prefix', '/dashboard'],
    ['a full-page (url) item', '/availability'],
  ])('selects nothing for %s (%s)', (_case, pathname) => {
    expect(selectedNavItem(ITEMS, pathname)).toBeNull();
  });

  it('selects nothing from an empty menu', () => {
    expect(selectedNavItem([], '/schedule')).toBeNull();
  });
});
