import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { SideNav } from './side-nav';
import type { NavItem } from './types';

const ITEMS: NavItem[] = [
  { id: 'home', label: 'Home', icon: 'home', kind: 'route', to: '/' },
  {
    id: 'clients',
    label: 'Clients',
    icon: 'clients',
    kind: 'route',
    to: '/client/allClients',
    badge: 120,
    children: [
      { id: 'all', label: 'All clients', icon: 'clients', kind: 'route', to: '/client/allClients' },
      { id: 'new', label: 'New client', icon: 'add', kind: 'route', to: '/client/new' },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    icon: 'reporting',
    kind: 'route',
    to: '/reporting',
    divider: true,
    children: [
      { id: 'income', label: 'Income', icon: 'billing', kind: 'route', to: '/reporting/income' },
    ],
  },
  {
    id: 'booking-requests',
    label: 'Booking requests',
    icon: 'calendar',
    kind: 'route',
    to: '/schedule/requests',
    badge: 3,
    badgeLabel: '3 pending',
  },
  { id: 'docs', label: 'API document', icon: 'api', kind: 'url', to: '/api/docs' },
  { id: 'guide', label: 'Guide', icon: 'help', kind: 'external', to: 'https://example.org/' },
];

function renderNav(path: string, options: { expandAll?: boolean; mini?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SideNav
            items={ITEMS}
            wide={false}
            filled={false}
            expandAll={options.expandAll ?? false}
            mini={options.mini ?? false}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

afterEach(() => {
  cleanup();
});

describe('SideNav', () => {
  it('marks the current page and opens only the group holding it', () => {
    renderNav('/client/new/');

    expect(screen.getByRole('link', { name: 'New client' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: /Clients/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Reports' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens and closes a group from its button', () => {
    renderNav('/');
    const reports = screen.getByRole('button', { name: 'Reports' });

    fireEvent.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Income' })).toBeTruthy();
    fireEvent.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens every group for a screen-reader user', () => {
    renderNav('/', { expandAll: true });

    for (const name of [/Clients/, /Reports/]) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('true');
    }
  });

  it('shows counts above 99 as 99+', () => {
    renderNav('/');

    expect(screen.getByRole('button', { name: /Clients/ }).textContent).toContain('99+');
  });

  it('opens each kind of item its own way', () => {
    renderNav('/');

    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'API document' }).getAttribute('href')).toBe(
      '/api/docs',
    );
    const guide = screen.getByRole('link', { name: 'Guide' });
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('names icon-only items in mini mode', () => {
    renderNav('/', { mini: true });

    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clients (99+)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Booking requests, 3 pending' })).toBeTruthy();
  });

  it('reads a count with its words beside the visible number', () => {
    renderNav('/');

    const requests = screen.getByRole('link', { name: 'Booking requests, 3 pending' });
    expect(requests.textContent).toBe('Booking requests3');
  });
});
