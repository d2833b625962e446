import { idleSchedule } from './idle-schedule';

/** Activity is written to the shared cookie at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5000;

export interface InactivityControllerOptions {
  limitMinutes: number;
  /** The latest activity any tab recorded (the TA_ACT cookie), or null. */
  readSharedActivity: () => number | null;
  writeSharedActivity: (time: number) => void;
  /** Called once, at the limit. */
  onExpired: () => void;
}

/**
 * The inactivity timer of one tab (spec-1 §4). It keeps this tab's last
 * activity and writes it (throttled) to a cookie all tabs share. One timer
 * waits for the warning point; when it fires, the shared cookie is read again
 * and a later activity in another tab reschedules instead of warning. During
 * the warning a timer ticks each second; at zero (and no later activity
 * anywhere) `onExpired` is called. While the warning shows, only
 * `stillHere()` (or activity in another tab) dismisses it.
 *
 * `secondsLeft` is null while no warning shows. Plain `setTimeout` and
 * `Date.now`, so fake clocks drive it.
 */
export function createInactivityController(options: InactivityControllerOptions) {
  const { limitMinutes, readSharedActivity, writeSharedActivity, onExpired } = options;
  let secondsLeft: number | null = null;
  let lastActivity = 0;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const listeners = new Set<() => void>();

  function setSecondsLeft(next: number | null): void {
    if (next === secondsLeft) return;
    secondsLeft = next;
    for (const listener of listeners) listener();
  }

  function record(now: number, force: boolean): void {
    lastActivity = now;
    if (force || now - lastWrite >= ACTIVITY_WRITE_INTERVAL_MS) {
      lastWrite = now;
      writeSharedActivity(now);
    }
  }

  function check(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!running) return;
    const now = Date.now();
    const latest = Math.max(lastActivity, readSharedActivity() ?? 0);
    const schedule = idleSchedule(latest, now, limitMinutes);
    switch (schedule.kind) {
      case 'disabled':
        setSecondsLeft(null);
        return;
      case 'active':
        setSecondsLeft(null);
        timer = setTimeout(check, schedule.warnInMs);
        return;
      case 'warning':
        setSecondsLeft(schedule.secondsLeft);
        timer = setTimeout(check, schedule.nextTickMs);
        return;
      case 'expired':
        running = false;
        setSecondsLeft(0);
        onExpired();
        return;
    }
  }

  return {
    getSecondsLeft: (): number | null => secondsLeft,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Opening the page counts as activity. Returns `stop`. */
    start(): () => void {
      running = true;
      if (limitMinutes > 0) record(Date.now(), true);
      check();
      return () => {
        running = false;
        clearTimeout(timer);
        timer = undefined;
      };
    },
    /** Scroll, key, mouse or touch in this tab; ignored while the warning shows. */
    recordActivity(): void {
      if (!running || secondsLeft !== null || limitMinutes <= 0) return;
      record(Date.now(), false);
    },
    /** 'I'm still here': counts as activity and closes the warning. */
    stillHere(): void {
      if (!running) return;
      record(Date.now(), true);
      check();
    },
    /** The tab became visible again: timers may have been held back while hidden. */
    recheck(): void {
      check();
    },
  };
}

export type InactivityController = ReturnType<typeof createInactivityController>;
