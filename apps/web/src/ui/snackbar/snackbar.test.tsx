import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { SnackbarProvider, useSnackbar, type Snackbars } from './snackbar';

afterEach(cleanup);

function renderProvider(): { current: Snackbars } {
  const ref = {} as { current: Snackbars };
  function Probe() {
    ref.current = useSnackbar();
    return null;
  }
  render(
    <SnackbarProvider maxSnack={3}>
      <Probe />
    </SnackbarProvider>,
  );
  return ref;
}

describe('SnackbarProvider', () => {
  it('mounts notistack only when the first snackbar is asked for, then shows it', async () => {
    const snackbars = renderProvider();
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    act(() => {
      snackbars.current.enqueueSnackbar('Settings saved.', { variant: 'success' });
    });

    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });

  it('gives the key at once, so a snackbar can be closed before notistack has loaded', async () => {
    const snackbars = renderProvider();

    act(() => {
      const key = snackbars.current.enqueueSnackbar('Saving…', { persist: true });
      snackbars.current.enqueueSnackbar('Saved.');
      snackbars.current.closeSnackbar(key);
    });

    expect(await screen.findByText('Saved.')).toBeTruthy();
    // Closing plays notistack's exit transition first.
    await waitFor(
      () => {
        expect(screen.queryByText('Saving…')).toBeNull();
      },
      { timeout: 3000 },
    );
  });
});
