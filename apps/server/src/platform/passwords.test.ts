import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id with at least 19 MiB, 2 passes, 1 lane', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('hashes off the event loop: a burst of hashes does not stall timers', async () => {
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await Promise.all(Array.from({ length: 24 }, (_, i) => hashPassword(`password-${i}`)));
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Hashed on the loop, no timer could fire until all were done (gap = elapsed).
    // Off the loop, the timer keeps ticking throughout.
    expect(worstGap).toBeLessThan(elapsed / 3);
  });
});
