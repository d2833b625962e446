import { CHUNK_RELOAD_GUARD_MS } from '@openpractice/domain';

/** Where the time of the last reload for a chunk error is kept (sessionStorage). */
export const CHUNK_RELOAD_STORAGE_KEY = 'openpractice.chunkReloadAt';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Loading (CSS )?chunk .* failed/i, // webpack-style messages
];

/** True for the error a failed lazy import gives, usually after a new release replaced the old files. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/**
 * After a chunk-load failure, reloads the page to fetch the new release, but
 * at most once per 60 s (the time is kept in `storage`, sessionStorage in the
 * app), so a server that really lacks the file cannot cause a reload loop.
 * Answers whether it reloaded.
 */
export function reloadOnceForChunkError(
  error: unknown,
  now: number,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void = () => {
    window.location.reload();
  },
): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Storage refused (private mode, full): reloading without the guard could loop.
    return false;
  }
  reload();
  return true;
}
