export const DELIBERATE_CRASH_MESSAGE = 'Deliberate crash for testing the error page';

/**
 * `/debug/crash`: throws while rendering, so the error page and 'Report the
 * Issue' can be seen and tested in a production build. It shows nothing and
 * reads nothing, so any signed-in user may open it.
 */
export function DebugCrashPage(): never {
  throw new Error(DELIBERATE_CRASH_MESSAGE);
}
