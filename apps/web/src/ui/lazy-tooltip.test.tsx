import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

/** A fresh copy of the module, so each test starts with the Tooltip's code not yet loaded. */
async function freshLazyTooltip() {
  vi.resetModules();
  return (await import('./lazy-tooltip')).LazyTooltip;
}

/** Waits until the Tooltip wraps the button (MUI marks the elements it wraps, in development). */
async function wrapped(name: string) {
  await waitFor(() => {
    expect(screen.getByRole('button', { name }).dataset.muiInternalCloneElement).toBe('true');
  });
}

describe('LazyTooltip', () => {
  it('names a bare element by its title until the code is in, as MUI does', async () => {
    const LazyTooltip = await freshLazyTooltip();
    render(
      <LazyTooltip title="Settings">
        <button type="button">⚙</button>
      </LazyTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('keeps the element’s own name', async () => {
    const LazyTooltip = await freshLazyTooltip();
    render(
      <LazyTooltip title="Messages">
        <button type="button" aria-label="Messages (3 new)">
          ✉
        </button>
      </LazyTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Messages (3 new)' })).toBeTruthy();
  });

  it('shows the tooltip on hover once loaded', async () => {
    const LazyTooltip = await freshLazyTooltip();
    render(
      <LazyTooltip title="Collapse menu" placement="right">
        <button type="button" aria-label="Collapse menu">
          ‹
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Collapse menu' });
    // Hovering loads the code; the element is wrapped once the pointer has left.
    fireEvent.mouseEnter(button);
    fireEvent.mouseLeave(button);
    await wrapped('Collapse menu');
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Collapse menu' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Collapse menu');
  });

  it('never replaces a focused element: focus stays until it leaves', async () => {
    const LazyTooltip = await freshLazyTooltip();
    render(
      <LazyTooltip title="Expand menu">
        <button type="button" aria-label="Expand menu">
          ›
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Expand menu' });
    act(() => {
      button.focus();
    });
    // Focusing loads the code; give it time to arrive.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    expect(button.isConnected).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(button.dataset.muiInternalCloneElement).toBeUndefined();
    act(() => {
      button.blur();
    });
    await wrapped('Expand menu');
  });
});
