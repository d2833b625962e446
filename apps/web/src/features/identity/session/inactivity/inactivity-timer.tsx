import { lazy, useEffect, useMemo, useSyncExternalStore } from 'react';

import { OnceOpened } from '../../../../ui/on-first-use';
import { signOutForInactivity } from '../api';
import { readActivityCookie, writeActivityCookie } from './activity-cookie';
import { createInactivityController } from './inactivity-controller';

// The countdown dialog loads the first time it shows (issue 14: first paint budgets).
const IdleDialog = lazy(async () => ({ default: (await import('./idle-dialog')).IdleDialog }));

const ACTIVITY_EVENTS = ['scroll', 'keydown', 'mousedown', 'touchstart'] as const;

function signOut(): void {
  void signOutForInactivity();
}

/**
 * Signs the user out after `limitMinutes` without activity in any tab (0: never),
 * after an 'Is the chair empty?' countdown (spec-1 §4, Inactivity). `onExpired`
 * (for tests) replaces the sign-out; pass a stable function, as a new one
 * restarts the timer.
 */
export function InactivityTimer({
  limitMinutes,
  onExpired = signOut,
}: {
  limitMinutes: number;
  onExpired?: () => void;
}) {
  const controller = useMemo(
    () =>
      createInactivityController({
        limitMinutes,
        readSharedActivity: () => readActivityCookie(),
        writeSharedActivity: writeActivityCookie,
        onExpired,
      }),
    [limitMinutes, onExpired],
  );

  useEffect(() => {
    const stop = controller.start();
    const onActivity = () => {
      controller.recordActivity();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') controller.recheck();
    };
    for (const type of ACTIVITY_EVENTS) {
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const type of ACTIVITY_EVENTS) {
        document.removeEventListener(type, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [controller]);

  const secondsLeft = useSyncExternalStore(controller.subscribe, controller.getSecondsLeft);
  if (secondsLeft === null) return null;
  return (
    <OnceOpened open>
      <IdleDialog
        secondsLeft={secondsLeft}
        onStillHere={() => {
          controller.stillHere();
        }}
      />
    </OnceOpened>
  );
}
