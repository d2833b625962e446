import { lazy, useEffect, useSyncExternalStore } from 'react';

import { api } from '../lib/api-client';
import { activityStore } from './busy/activity-store';
import { BusyIndicators } from './busy/busy-indicators';
import { createFeedbackController } from './busy/feedback-controller';
import { reloadOnceForChunkError } from './chunk-reload/reload-once-for-chunk-error';
import { confirmStore } from './confirm/confirm-store';
import { OfflineIndicator } from './offline/offline-indicator';
import { OnceOpened } from './on-first-use';

const feedbackController = createFeedbackController(activityStore);

// The confirm dialog loads when a page first asks for a confirmation (issue 14: first paint).
const ConfirmDialogHost = lazy(async () => ({
  default: (await import('./confirm/confirm-dialog')).ConfirmDialogHost,
}));

/**
 * The app-wide feedback of signed-in pages (spec-1 §1, §4): the waiting
 * spinner and progress bar (fed by `trackBusy` and every API request), the
 * offline banner and the confirm dialogs of `useConfirm`. Also reloads the page
 * (at most once a minute) when a lazily loaded part of the app is gone after a
 * release. Mount it once, in the default layout.
 */
export function FeedbackServices() {
  const confirming = useSyncExternalStore(confirmStore.subscribe, confirmStore.getCurrent);
  useEffect(() => {
    const stop = feedbackController.start();
    api.setRequestObserver(activityStore.requestObserver);

    const onPreloadError = (event: VitePreloadErrorEvent) => {
      if (reloadOnceForChunkError(event.payload, Date.now(), window.sessionStorage)) {
        event.preventDefault();
      }
    };
    window.addEventListener('vite:preloadError', onPreloadError);

    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      api.setRequestObserver(null);
      stop();
    };
  }, []);

  return (
    <>
      <BusyIndicators controller={feedbackController} />
      <OfflineIndicator />
      <OnceOpened open={confirming !== null}>
        <ConfirmDialogHost />
      </OnceOpened>
    </>
  );
}
