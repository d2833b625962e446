import type { RequestObserver } from '../../lib/api-client';

/** What the app is waiting for right now. */
export interface ActivitySnapshot {
  /** Operations tracked with `trackBusy` (they drive the spinner and the progress bar). */
  operations: number;
  /** API requests in flight (they drive the progress bar only). */
  requests: number;
  /** Something failed since the app was last idle: the progress bar shows it. */
  failed: boolean;
}

const IDLE: ActivitySnapshot = { operations: 0, requests: 0, failed: false };

export type ActivityStore = ReturnType<typeof createActivityStore>;

/**
 * A counter of busy operations and requests that React reads with
 * `useSyncExternalStore`. The failure flag is cleared when work starts again
 * after the app was idle, so a finished bar can still show that it failed.
 */
export function createActivityStore() {
  let snapshot = IDLE;
  const listeners = new Set<() => void>();

  function update(change: (current: ActivitySnapshot) => ActivitySnapshot): void {
    snapshot = change(snapshot);
    for (const listener of listeners) listener();
  }

  function begin(key: 'operations' | 'requests'): void {
    update((s) => ({
      ...s,
      [key]: s[key] + 1,
      failed: s.operations + s.requests === 0 ? false : s.failed,
    }));
  }

  function finish(key: 'operations' | 'requests', ok: boolean): void {
    update((s) => ({ ...s, [key]: Math.max(0, s[key] - 1), failed: s.failed || !ok }));
  }

  /** Counts `promise` as busy until it settles; returns it unchanged. */
  function trackBusy<T>(promise: Promise<T>): Promise<T> {
    begin('operations');
    promise.then(
      () => {
        finish('operations', true);
      },
      () => {
        finish('operations', false);
      },
    );
    return promise;
  }

  /** Feeds API requests to the progress bar; polls (background requests) are left out. */
  const requestObserver: RequestObserver = {
    start: (request) => {
      if (!request.background) begin('requests');
    },
    end: (request, ok) => {
      if (!request.background) finish('requests', ok);
    },
  };

  return {
    getSnapshot: (): ActivitySnapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    trackBusy,
    requestObserver,
  };
}

/** The app's one store: the spinner and progress bar in `FeedbackServices` read it. */
export const activityStore = createActivityStore();
