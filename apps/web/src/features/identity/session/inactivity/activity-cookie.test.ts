import { describe, expect, it } from 'vitest';

import { activityCookie, readActivityCookie, writeActivityCookie } from './activity-cookie';

describe('activity cookie', () => {
  it.each([
    ['TA_ACT=1760000000000', 1_760_000_000_000],
    ['a=1; TA_ACT=1760000000000; b=2', 1_760_000_000_000],
    ['XTA_ACT=5; TA_ACTX=6', null],
    ['TA_ACT=soon', null],
    ['TA_ACT=', null],
    ['', null],
  ])('reads %j as %s', (cookies, expected) => {
    expect(readActivityCookie(cookies)).toBe(expected);
  });

  it('is shared by the whole site and sent on same-site requests only', () => {
    expect(activityCookie(1_760_000_000_000.7, false)).toBe(
      'TA_ACT=1760000000000; path=/; SameSite=Lax',
    );
    expect(activityCookie(5, true)).toBe('TA_ACT=5; path=/; SameSite=Lax; Secure');
  });

  it('round-trips through document.cookie', () => {
    writeActivityCookie(1_760_000_000_123);
    expect(readActivityCookie()).toBe(1_760_000_000_123);
  });
});
