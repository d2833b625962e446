/** Where the progress bar stops while it waits: it only reaches 100% when the work is done. */
export const PROGRESS_CEILING = 90;
const PROGRESS_FLOOR = 5;

/**
 * The progress bar's value `elapsedMs` after it started: from 5% easing out
 * towards 90% over `durationMs`, then holding there until the work finishes.
 */
export function progressValue(elapsedMs: number, durationMs: number): number {
  const t = durationMs <= 0 ? 1 : Math.min(1, Math.max(0, elapsedMs / durationMs));
  const eased = 1 - (1 - t) * (1 - t);
  return PROGRESS_FLOOR + (PROGRESS_CEILING - PROGRESS_FLOOR) * eased;
}
