import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OFFLINE_MESSAGE, OfflineIndicator } from './offline-indicator';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(cleanup);

describe('OfflineIndicator', () => {
  it('shows a status banner while offline and removes it when the connection returns', async () => {
    render(<OfflineIndicator />);
    expect(screen.queryByRole('status')).toBeNull();

    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain(OFFLINE_MESSAGE);

    goOffline(false);
    await waitFor(() => {
      expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
    });
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineIndicator />);

    expect(screen.getByRole('status').textContent).toContain(OFFLINE_MESSAGE);
  });
});
