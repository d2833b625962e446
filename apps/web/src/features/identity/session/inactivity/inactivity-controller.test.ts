import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createInactivityController } from './inactivity-controller';

const START = new Date('2026-03-02T15:00:00Z').getTime();

/** A controller with a 2-minute limit and an in-memory shared cookie. */
function setup(limitMinutes = 2) {
  const shared = { value: null as number | null, writes: [] as number[] };
  const onExpired = vi.fn();
  const controller = createInactivityController({
    limitMinutes,
    readSharedActivity: () => shared.value,
    writeSharedActivity: (time) => {
      shared.value = time;
      shared.writes.push(time);
    },
    onExpired,
  });
  const stop = controller.start();
  return { controller, shared, onExpired, stop };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('inactivity controller', () => {
  it('warns 60 s before the limit, counts down each second and expires at zero', () => {
    const { controller, onExpired } = setup();

    vi.advanceTimersByTime(59_999);
    expect(controller.getSecondsLeft()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(controller.getSecondsLeft()).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(controller.getSecondsLeft()).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(controller.getSecondsLeft()).toBe(1);
    expect(onExpired).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('records opening the page as activity in the shared cookie', () => {
    const { shared } = setup();
    expect(shared.writes).toEqual([START]);
  });

  it('moves the warning back after activity, writing the cookie at most every 5 s', () => {
    const { controller, shared } = setup();

    vi.advanceTimersByTime(30_000);
    controller.recordActivity();
    vi.advanceTimersByTime(2000);
    controller.recordActivity();
    vi.advanceTimersByTime(3000);
    controller.recordActivity();
    expect(shared.writes).toEqual([START, START + 30_000, START + 35_000]);

    vi.advanceTimersByTime(59_000); // START + 94 s: the warning would be due 60 s after the last activity
    expect(controller.getSecondsLeft()).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(controller.getSecondsLeft()).toBe(60);
  });

  it('ignores passive activity while the warning shows; "I\'m still here" closes it', () => {
    const { controller, onExpired } = setup();
    vi.advanceTimersByTime(70_000);
    expect(controller.getSecondsLeft()).toBe(50);

    controller.recordActivity();
    vi.advanceTimersByTime(1000);
    expect(controller.getSecondsLeft()).toBe(49);

    controller.stillHere();
    expect(controller.getSecondsLeft()).toBeNull();
    vi.advanceTimersByTime(119_000);
    expect(onExpired).not.toHaveBeenCalled();
    expect(controller.getSecondsLeft()).not.toBeNull();
  });

  it('does not sign out when another tab was active; it reschedules instead', () => {
    const { controller, shared, onExpired } = setup();

    vi.advanceTimersByTime(40_000);
    shared.value = Date.now(); // another tab: activity at START + 40 s
    vi.advanceTimersByTime(20_000); // START + 60 s: our warning point
    expect(controller.getSecondsLeft()).toBeNull();

    vi.advanceTimersByTime(60_000); // START + 120 s: our original limit
    expect(onExpired).not.toHaveBeenCalled();
    expect(controller.getSecondsLeft()).toBe(40);

    vi.advanceTimersByTime(40_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('closes the warning when another tab becomes active during the countdown', () => {
    const { controller, shared } = setup();
    vi.advanceTimersByTime(65_000);
    expect(controller.getSecondsLeft()).toBe(55);

    shared.value = Date.now();
    vi.advanceTimersByTime(1000);

    expect(controller.getSecondsLeft()).toBeNull();
  });

  it('catches up when the tab becomes visible after its timers were held back', () => {
    const { controller, onExpired } = setup();
    vi.setSystemTime(START + 10 * 60_000); // a hidden tab: time passed, no timer ran

    controller.recheck();

    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does nothing with a limit of 0', () => {
    const { controller, shared, onExpired } = setup(0);
    controller.recordActivity();
    vi.advanceTimersByTime(24 * 3600_000);

    expect(controller.getSecondsLeft()).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
    expect(shared.writes).toEqual([]);
  });

  it('stops its timer when stopped', () => {
    const { onExpired, stop } = setup();
    stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
