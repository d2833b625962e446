import { ACTIVITY_COOKIE_NAME } from '@openpractice/domain';

/** The last activity of any tab (epoch ms) from the shared TA_ACT cookie, or null. */
export function readActivityCookie(cookies: string = document.cookie): number | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== ACTIVITY_COOKIE_NAME || value === undefined) continue;
    const time = Number(value);
    return Number.isFinite(time) && time > 0 ? time : null;
  }
  return null;
}

/** The TA_ACT cookie recording activity at `time`, readable by every tab of the app. */
export function activityCookie(time: number, secure: boolean): string {
  return `${ACTIVITY_COOKIE_NAME}=${Math.trunc(time)}; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeActivityCookie(time: number): void {
  document.cookie = activityCookie(time, window.location.protocol === 'https:');
}
