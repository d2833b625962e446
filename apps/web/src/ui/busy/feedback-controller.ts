import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS, SPINNER_DELAY_MS } from '@openpractice/domain';

import type { ActivitySnapshot } from './activity-store';
import { progressValue } from './progress';

export interface ProgressView {
  visible: boolean;
  /** 0 to 100. */
  value: number;
  failed: boolean;
}

export interface FeedbackView {
  spinner: boolean;
  progress: ProgressView;
}

interface ActivitySource {
  getSnapshot(): ActivitySnapshot;
  subscribe(listener: () => void): () => void;
}

/** How often the running progress bar moves. */
const PROGRESS_TICK_MS = 100;
/** How long the finished (100%) bar stays before it disappears. */
const PROGRESS_DONE_MS = 400;

const HIDDEN: FeedbackView = {
  spinner: false,
  progress: { visible: false, value: 0, failed: false },
};

/** The view the indicators show, and who to tell when it changes. */
function createViewStore() {
  let view = HIDDEN;
  const listeners = new Set<() => void>();
  return {
    get: (): FeedbackView => view,
    set(next: { spinner?: boolean; progress?: Partial<ProgressView> }): void {
      view = {
        spinner: next.spinner ?? view.spinner,
        progress: { ...view.progress, ...next.progress },
      };
      for (const listener of listeners) listener();
    },
    /** Back to hidden without telling anyone (the controller is stopping). */
    reset(): void {
      view = HIDDEN;
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

type ViewStore = ReturnType<typeof createViewStore>;

/** The spinner: shown once tracked operations have run for SPINNER_DELAY_MS, gone as soon as they stop. */
function createSpinner(store: ViewStore) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    update(operations: number): void {
      if (operations > 0) {
        timer ??= setTimeout(() => {
          store.set({ spinner: true });
        }, SPINNER_DELAY_MS);
      } else {
        clearTimeout(timer);
        timer = undefined;
        if (store.get().spinner) store.set({ spinner: false });
      }
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The progress bar: idle until work has run for PROGRESS_THROTTLE_MS, then
 * running (easing towards 90%), done (100% for a moment) when all work has
 * stopped, and idle again; new work while done restarts it at once.
 */
function createProgressBar(store: ViewStore, isFailed: () => boolean) {
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let phase: 'idle' | 'running' | 'done' = 'idle';
  let startedAt = 0;

  function start(): void {
    throttleTimer = undefined;
    clearTimeout(hideTimer);
    hideTimer = undefined;
    phase = 'running';
    startedAt = Date.now();
    store.set({
      progress: {
        visible: true,
        value: progressValue(0, PROGRESS_DURATION_MS),
        failed: isFailed(),
      },
    });
    clearInterval(tickTimer);
    tickTimer = setInterval(() => {
      store.set({
        progress: { value: progressValue(Date.now() - startedAt, PROGRESS_DURATION_MS) },
      });
    }, PROGRESS_TICK_MS);
  }

  function finish(): void {
    clearInterval(tickTimer);
    tickTimer = undefined;
    phase = 'done';
    store.set({ progress: { value: 100 } });
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      phase = 'idle';
      store.set({ progress: { visible: false, value: 0 } });
    }, PROGRESS_DONE_MS);
  }

  return {
    update(active: boolean, failed: boolean): void {
      if (store.get().progress.failed !== failed && phase !== 'idle') {
        store.set({ progress: { failed } });
      }
      if (active) {
        if (phase === 'done') start();
        else if (phase === 'idle') throttleTimer ??= setTimeout(start, PROGRESS_THROTTLE_MS);
      } else if (phase === 'running') {
        finish();
      } else if (throttleTimer !== undefined) {
        clearTimeout(throttleTimer);
        throttleTimer = undefined;
      }
    },
    stop(): void {
      for (const timer of [throttleTimer, hideTimer]) clearTimeout(timer);
      clearInterval(tickTimer);
      throttleTimer = hideTimer = tickTimer = undefined;
      phase = 'idle';
    },
  };
}

/**
 * Turns "what is the app waiting for" into what the user sees (spec-1 §4, §9):
 * the spinner appears only once tracked operations have run for 750 ms and
 * goes as soon as they stop; the progress bar appears once any work has run for
 * 200 ms, eases towards 90% over 5 s, jumps to 100% when all work is done, and
 * shows a failure in the error colour. Plain timers and `Date.now`, so fake
 * clocks (Vitest, Playwright) drive it.
 */
export function createFeedbackController(source: ActivitySource) {
  const store = createViewStore();
  const spinner = createSpinner(store);
  const progressBar = createProgressBar(store, () => source.getSnapshot().failed);

  function onActivity(): void {
    const { operations, requests, failed } = source.getSnapshot();
    spinner.update(operations);
    progressBar.update(operations + requests > 0, failed);
  }

  let unsubscribe: (() => void) | null = null;

  return {
    getView: store.get,
    subscribe: store.subscribe,
    /** Starts following the source; returns `stop`. */
    start(): () => void {
      unsubscribe ??= source.subscribe(onActivity);
      onActivity();
      return () => {
        unsubscribe?.();
        unsubscribe = null;
        spinner.stop();
        progressBar.stop();
        store.reset();
      };
    },
  };
}

export type FeedbackController = ReturnType<typeof createFeedbackController>;
