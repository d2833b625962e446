import { ApiError, errorMessage } from '../../../lib/api-errors';
import type { LocalDraftStore } from './local-draft';

/** What the editor says of its changes. */
export type SaveState =
  | { status: 'saved' }
  /** Waiting for a pause in typing, or for the server's answer. */
  | { status: 'saving' }
  /** The server could not be reached (or failed): saved again shortly, kept locally meanwhile. */
  | { status: 'retrying'; message: string }
  /** The server refused the save (e.g. changed elsewhere): kept locally, not retried until the next change. */
  | { status: 'failed'; message: string };

export const AUTOSAVE_DELAY_MS = 1500;
export const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000] as const;

/** No answer, a server failure, a timeout or too many requests: worth trying again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

export type AutosaverOptions<T> = {
  save: (value: T) => Promise<void>;
  onState: (state: SaveState) => void;
  local?: Pick<LocalDraftStore<T>, 'write' | 'clear'>;
  delayMs?: number;
  retryDelaysMs?: readonly number[];
};

/**
 * Saves the latest value a pause after the last change (1.5 s), one save at a time, and
 * keeps each change locally until the server has it. Failures it can retry are retried
 * with growing pauses; a refusal waits for the next change.
 */
export class Autosaver<T> {
  private latest: { value: T } | null = null;
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private retries = 0;
  private state: SaveState = { status: 'saved' };
  private disposed = false;
  private readonly options: AutosaverOptions<T>;
  private save: (value: T) => Promise<void>;

  constructor(options: AutosaverOptions<T>) {
    this.options = options;
    this.save = options.save;
  }

  /** Saves go through `save` from now on (an editor's latest props). */
  setSave(save: (value: T) => Promise<void>): void {
    this.save = save;
  }

  /** A change is waiting to be saved (typed during a save, or a save failed). */
  private pending(): boolean {
    return this.dirty;
  }

  get current(): SaveState {
    return this.state;
  }

  /** A new value to save; it is kept locally at once. */
  change(value: T): void {
    this.latest = { value };
    this.dirty = true;
    this.retries = 0;
    this.options.local?.write(value);
    this.setState({ status: 'saving' });
    this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Saves what is waiting now; true once the server has the latest value. */
  async flush(): Promise<boolean> {
    this.cancelTimer();
    if (this.inFlight) await this.inFlight;
    if (this.dirty) await this.run();
    return !this.dirty;
  }

  /** Stops the timers and retries (a save on its way still ends; the local copy stays). */
  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
  }

  private setState(state: SaveState): void {
    this.state = state;
    this.options.onState(state);
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    if (this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (this.inFlight) {
      await this.inFlight;
      return;
    }
    if (!this.dirty || !this.latest) return;
    const { value } = this.latest;
    this.dirty = false;
    const attempt = this.save(value);
    this.inFlight = attempt.then(
      () => {
        this.afterSave();
      },
      (error: unknown) => {
        this.afterFailure(error);
      },
    );
    try {
      await this.inFlight;
    } finally {
      this.inFlight = null;
    }
    // Changes made while the save was on its way go next.
    if (this.pending() && this.state.status === 'saving' && this.timer === null) {
      this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
    }
  }

  private afterSave(): void {
    this.retries = 0;
    if (this.dirty) return;
    this.options.local?.clear();
    this.setState({ status: 'saved' });
  }

  private afterFailure(error: unknown): void {
    this.dirty = true;
    const message = errorMessage(error);
    if (isRetryable(error)) {
      const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
      const delay = delays[Math.min(this.retries, delays.length - 1)] ?? AUTOSAVE_DELAY_MS;
      this.retries += 1;
      this.setState({ status: 'retrying', message });
      this.schedule(delay);
    } else {
      this.setState({ status: 'failed', message });
    }
  }
}
