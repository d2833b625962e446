import { INACTIVITY_WARNING_SECONDS } from '@openpractice/domain';

/**
 * Where a signed-in user stands against the practice's inactivity limit:
 * - `disabled`: the limit is 0 (no automatic sign-out);
 * - `active`: nothing to show; check again in `warnInMs`, when the warning is due;
 * - `warning`: show 'Is the chair empty?' with `secondsLeft`; check again in `nextTickMs`,
 *   when the count drops by one;
 * - `expired`: sign out.
 */
export type IdleSchedule =
  | { kind: 'disabled' }
  | { kind: 'active'; warnInMs: number }
  | { kind: 'warning'; secondsLeft: number; nextTickMs: number }
  | { kind: 'expired' };

/**
 * The warning shows `warningSeconds` (60) before the limit, or at once when
 * the limit itself is shorter. `lastActivity` is the latest activity of any tab
 * (epoch ms); a time in the future counts as now.
 */
export function idleSchedule(
  lastActivity: number,
  now: number,
  limitMinutes: number,
  warningSeconds: number = INACTIVITY_WARNING_SECONDS,
): IdleSchedule {
  if (!Number.isFinite(limitMinutes) || limitMinutes <= 0) return { kind: 'disabled' };
  const limitMs = limitMinutes * 60_000;
  const expiresAt = Math.min(lastActivity, now) + limitMs;
  const warnAt = expiresAt - Math.min(warningSeconds * 1000, limitMs);

  if (now >= expiresAt) return { kind: 'expired' };
  if (now < warnAt) return { kind: 'active', warnInMs: warnAt - now };
  const msLeft = expiresAt - now;
  const secondsLeft = Math.ceil(msLeft / 1000);
  return { kind: 'warning', secondsLeft, nextTickMs: msLeft - (secondsLeft - 1) * 1000 };
}
