import { useSyncExternalStore } from 'react';

import { activityStore, type ActivitySnapshot } from './activity-store';

/**
 * Counts `promise` as an operation the user waits for until it settles: the
 * waiting spinner appears if it takes longer than 750 ms, and the progress bar
 * runs. Returns the same promise.
 */
export function trackBusy<T>(promise: Promise<T>): Promise<T> {
  return activityStore.trackBusy(promise);
}

export function useActivity(): ActivitySnapshot {
  return useSyncExternalStore(activityStore.subscribe, activityStore.getSnapshot);
}

/** `isBusy` while any tracked operation runs; `trackBusy` to add one. */
export function useBusy(): { isBusy: boolean; trackBusy: typeof trackBusy } {
  const { operations } = useActivity();
  return { isBusy: operations > 0, trackBusy };
}
