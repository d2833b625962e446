import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { readActivityCookie } from './activity-cookie';
import { InactivityTimer } from './inactivity-timer';

const START = new Date('2026-03-02T15:00:00Z').getTime();

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The dialog's code loads the first time it shows: let it arrive. */
async function dialogLoaded() {
  await act(async () => {
    await import('./idle-dialog');
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  document.cookie = 'TA_ACT=; path=/; max-age=0';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InactivityTimer', () => {
  it('asks "Is the chair empty?" 60 s before the limit and counts down each second', async () => {
    const onExpired = vi.fn();
    render(<InactivityTimer limitMinutes={2} onExpired={onExpired} />);

    advance(59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(1000);
    await dialogLoaded();
    const dialog = screen.getByRole('dialog', { name: 'Is the chair empty?' });
    expect(dialog.textContent).toContain('You will be signed out in 60 seconds.');
    advance(1000);
    expect(dialog.textContent).toContain('You will be signed out in 59 seconds.');

    advance(59_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('"I\'m still here" closes the dialog and counts as activity', async () => {
    const onExpired = vi.fn();
    render(<InactivityTimer limitMinutes={2} onExpired={onExpired} />);
    advance(90_000);
    await dialogLoaded();

    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    advance(0);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readActivityCookie()).toBe(START + 90_000);
    advance(59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('counts key presses, mouse, touch and scrolling as activity', () => {
    const onExpired = vi.fn();
    render(<InactivityTimer limitMinutes={2} onExpired={onExpired} />);

    for (const fire of [
      fireEvent.keyDown,
      fireEvent.mouseDown,
      fireEvent.touchStart,
      fireEvent.scroll,
    ]) {
      advance(50_000);
      fire(document.body);
    }
    advance(59_000);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does nothing when the lock is off (0 minutes)', () => {
    const onExpired = vi.fn();
    render(<InactivityTimer limitMinutes={0} onExpired={onExpired} />);

    advance(24 * 3600_000);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });
});
