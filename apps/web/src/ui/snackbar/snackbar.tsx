import type { OptionsObject, SnackbarKey, SnackbarMessage, SnackbarProviderProps } from 'notistack';
import { createContext, lazy, use, useState, useSyncExternalStore, type ReactNode } from 'react';

import { LoadOnUse } from '../on-first-use';

export type { SnackbarKey };

/** notistack's `useSnackbar()`: the two calls the app makes. */
export interface Snackbars {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
}

type SnackbarCall = (snackbars: Snackbars) => void;

let lastKey = 0;

/** Keys are known at once, so a snackbar asked for before notistack has loaded can be closed. */
function keyOf(options: OptionsObject): SnackbarKey {
  if (options.key !== undefined) return options.key;
  lastKey += 1;
  return `snackbar-${lastKey}`;
}

/**
 * The snackbars asked for before notistack has loaded, shown once it has. The first one asks
 * the provider to load it; closing before any was asked for has nothing to close.
 */
function createSnackbarQueue() {
  let target: Snackbars | null = null;
  let pending: SnackbarCall[] = [];
  let requested = false;
  const listeners = new Set<() => void>();

  const run = (call: SnackbarCall) => {
    if (target) {
      call(target);
      return;
    }
    pending.push(call);
    if (requested) return;
    requested = true;
    listeners.forEach((listener) => {
      listener();
    });
  };

  const snackbars: Snackbars = {
    enqueueSnackbar(message, options = {}) {
      const key = keyOf(options);
      run((loaded) => loaded.enqueueSnackbar(message, { ...options, key }));
      return key;
    },
    closeSnackbar(key) {
      if (!target && pending.length === 0) return;
      run((loaded) => {
        loaded.closeSnackbar(key);
      });
    },
  };

  return {
    snackbars,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isRequested: () => requested,
    /** notistack's provider is mounted: flush what waited, then call it directly. */
    attach: (loaded: Snackbars) => {
      target = loaded;
      const calls = pending;
      pending = [];
      calls.forEach((call) => {
        call(loaded);
      });
      return () => {
        target = null;
      };
    },
  };
}

const SnackbarContext = createContext<Snackbars | null>(null);

// notistack is loaded with the first snackbar, not with the first paint (issue 14 budgets).
const SnackbarHost = lazy(async () => ({
  default: (await import('./snackbar-host')).SnackbarHost,
}));

export type SnackbarProviderOptions = Omit<SnackbarProviderProps, 'children'>;

/**
 * notistack's SnackbarProvider, loaded on first use: `useSnackbar()` below works at once and
 * its snackbars show when notistack is there. Takes notistack's provider options.
 */
export function SnackbarProvider({
  children,
  ...options
}: SnackbarProviderOptions & { children: ReactNode }) {
  const [queue] = useState(createSnackbarQueue);
  const requested = useSyncExternalStore(queue.subscribe, queue.isRequested);
  return (
    <SnackbarContext value={queue.snackbars}>
      {children}
      {requested && (
        <LoadOnUse>
          <SnackbarHost {...options} onReady={queue.attach} />
        </LoadOnUse>
      )}
    </SnackbarContext>
  );
}

/**
 * Outside the provider above (tests that mount notistack's own provider), notistack's global
 * functions reach whichever of its providers is mounted.
 */
const notistackGlobals: Snackbars = {
  enqueueSnackbar(message, options = {}) {
    const key = keyOf(options);
    void import('notistack').then((notistack) =>
      notistack.enqueueSnackbar(message, { ...options, key }),
    );
    return key;
  },
  closeSnackbar(key) {
    void import('notistack').then((notistack) => {
      notistack.closeSnackbar(key);
    });
  },
};

/** notistack's `useSnackbar()`, without loading notistack before the first snackbar. */
export function useSnackbar(): Snackbars {
  return use(SnackbarContext) ?? notistackGlobals;
}
