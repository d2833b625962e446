import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { snackbarDuration, useNotify, type Notify } from './use-notify';

afterEach(cleanup);

describe('snackbarDuration', () => {
  it.each([
    ['success', undefined, 3000],
    ['info', undefined, 3000],
    ['warning', undefined, 3000],
    ['error', undefined, 5000],
    ['error', 'long', 8000],
    ['success', 7000, 7000],
    ['error', null, null],
  ] as const)('%s with %s lasts %s ms', (variant, duration, expected) => {
    expect(snackbarDuration(variant, duration)).toBe(expected);
  });
});

function renderNotify(): { current: Notify } {
  const ref = {} as { current: Notify };
  function Probe() {
    ref.current = useNotify();
    return null;
  }
  const theme = createTheme({ palette: { success: { main: '#2e7d32' } } });
  render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return ref;
}

describe('useNotify', () => {
  it('shows a message in the theme colour', async () => {
    const notify = renderNotify();

    act(() => {
      notify.current.success('Settings saved.');
    });

    const message = await screen.findByText('Settings saved.');
    const snackbar = message.closest('.notistack-MuiContent');
    expect(snackbar).not.toBeNull();
    expect((snackbar as HTMLElement).style.backgroundColor).toBe('rgb(46, 125, 50)');
  });

  it('carries an action button that runs its callback and closes the snackbar', async () => {
    const notify = renderNotify();
    const retry = vi.fn();

    act(() => {
      notify.current.error('Unable to load client groups.', {
        action: { label: 'Try Again', onClick: retry },
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));

    expect(retry).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(screen.queryByText('Unable to load client groups.')).toBeNull();
    });
  });
});
