import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { useReopenCount } from './use-reopen-count';

function Probe() {
  return <output>{useReopenCount()}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/client/:view', Component: Probe }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

const count = () => screen.getByRole('status').textContent;

describe('useReopenCount', () => {
  it('counts opening the same address again, not the first visit', async () => {
    const router = renderAt('/client/allClients');
    expect(count()).toBe('0');

    await act(() => router.navigate('/client/allClients'));
    expect(count()).toBe('1');
    // A link to the page it is on replaces the entry; that is a new location too.
    await act(() => router.navigate('/client/allClients', { replace: true }));
    expect(count()).toBe('2');
  });

  it('does not count a change of the query, such as a toast being taken out', async () => {
    const router = renderAt('/client/allClients?toast=Hello');
    await act(() => router.navigate('/client/allClients', { replace: true }));
    expect(count()).toBe('0');
  });
});
