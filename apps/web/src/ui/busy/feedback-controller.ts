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

/**
 * Turns "what is the app waiting for" into what the user sees (spec-1 §4, §9):
 * the spinner appears only once tracked operations have run for 750 ms and
 * goes as soon as they stop; the progress bar appears once any work has run for
 * 200 ms, eases towards 90% over 5 s, jumps to 100% when all work is done, and
 * shows a failure in the error colour. Plain timers and `Date.now`, so fake
 * clocks (Vitest, Playwright) drive it.
 */
export function createFeedbackController(source: ActivitySource) {
  let view = HIDDEN;
  const listeners = new Set<() => void>();
  let spinnerTimer: ReturnType<typeof setTimeout> | undefined;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let phase: 'idle' | 'running' | 'done' = 'idle';
  let startedAt = 0;

  function set(next: { spinner?: boolean; progress?: Partial<ProgressView> }): void {
    view = {
      spinner: next.spinner ?? view.spinner,
      progress: { ...view.progress, ...next.progress },
    };
    for (const listener of listeners) listener();
  }

  function startProgress(): void {
    throttleTimer = undefined;
    clearTimeout(hideTimer);
    hideTimer = undefined;
    phase = 'running';
    startedAt = Date.now();
    set({
      progress: {
        visible: true,
        value: progressValue(0, PROGRESS_DURATION_MS),
        failed: source.getSnapshot().failed,
      },
    });
    clearInterval(tickTimer);
    tickTimer = setInterval(() => {
      set({ progress: { value: progressValue(Date.now() - startedAt, PROGRESS_DURATION_MS) } });
    }, PROGRESS_TICK_MS);
  }

  function finishProgress(): void {
    clearInterval(tickTimer);
    tickTimer = undefined;
    phase = 'done';
    set({ progress: { value: 100 } });
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      phase = 'idle';
      set({ progress: { visible: false, value: 0 } });
    }, PROGRESS_DONE_MS);
  }

  function onActivity(): void {
    const { operations, requests, failed } = source.getSnapshot();

    if (operations > 0) {
      spinnerTimer ??= setTimeout(() => {
        set({ spinner: true });
      }, SPINNER_DELAY_MS);
    } else {
      clearTimeout(spinnerTimer);
      spinnerTimer = undefined;
      if (view.spinner) set({ spinner: false });
    }

    if (view.progress.failed !== failed && phase !== 'idle') set({ progress: { failed } });

    const active = operations + requests > 0;
    if (active) {
      if (phase === 'done') startProgress();
      else if (phase === 'idle') throttleTimer ??= setTimeout(startProgress, PROGRESS_THROTTLE_MS);
    } else if (phase === 'running') {
      finishProgress();
    } else if (throttleTimer !== undefined) {
      clearTimeout(throttleTimer);
      throttleTimer = undefined;
    }
  }

  let unsubscribe: (() => void) | null = null;

  return {
    getView: (): FeedbackView => view,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Starts following the source; returns `stop`. */
    start(): () => void {
      unsubscribe ??= source.subscribe(onActivity);
      onActivity();
      return () => {
        unsubscribe?.();
        unsubscribe = null;
        for (const timer of [spinnerTimer, throttleTimer, hideTimer]) clearTimeout(timer);
        clearInterval(tickTimer);
        spinnerTimer = throttleTimer = hideTimer = tickTimer = undefined;
        phase = 'idle';
        view = HIDDEN;
      };
    },
  };
}

export type FeedbackController = ReturnType<typeof createFeedbackController>;
