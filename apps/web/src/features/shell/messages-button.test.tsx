import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { MessagesButton } from './messages-button';

function renderButton(newCount: number) {
  const router = createMemoryRouter([
    { path: '/', element: <MessagesButton newCount={newCount} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('Messages button', () => {
  afterEach(cleanup);

  it.each([
    [0, 'Messages', null],
    [7, 'Messages (7 new)', '7'],
    [99, 'Messages (99 new)', '99'],
    [100, 'Messages (99+ new)', '99+'],
    [1500, 'Messages (99+ new)', '99+'],
  ])('with %i new shows %s', (count, label, badge) => {
    renderButton(count);
    const button = screen.getByRole('link', { name: label });
    if (badge === null) expect(button.textContent).toBe('');
    else expect(button.textContent).toContain(badge);
  });
});
