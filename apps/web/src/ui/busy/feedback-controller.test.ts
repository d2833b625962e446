import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createActivityStore } from './activity-store';
import { createFeedbackController } from './feedback-controller';

const request = { method: 'GET' as const, path: '/api/x', background: false };

function setup() {
  const store = createActivityStore();
  const controller = createFeedbackController(store);
  const stop = controller.start();
  return { store, controller, stop };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waiting spinner', () => {
  it('appears only after an operation has run for 750 ms and goes when it stops', async () => {
    const { store, controller } = setup();
    const work = deferred();
    void store.trackBusy(work.promise);

    await vi.advanceTimersByTimeAsync(749);
    expect(controller.getView().spinner).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getView().spinner).toBe(true);

    work.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getView().spinner).toBe(false);
  });

  it('never appears for an operation faster than 750 ms', async () => {
    const { store, controller } = setup();
    const work = deferred();
    void store.trackBusy(work.promise);

    await vi.advanceTimersByTimeAsync(700);
    work.resolve();
    await vi.advanceTimersByTimeAsync(1000);

    expect(controller.getView().spinner).toBe(false);
  });

  it('is not shown for plain API requests', async () => {
    const { store, controller } = setup();
    store.requestObserver.start(request);

    await vi.advanceTimersByTimeAsync(2000);

    expect(controller.getView().spinner).toBe(false);
    expect(controller.getView().progress.visible).toBe(true);
  });
});

describe('progress bar', () => {
  it('starts after a 200 ms throttle, eases towards 90% over 5 s and jumps to 100% when done', async () => {
    const { store, controller } = setup();
    store.requestObserver.start(request);

    await vi.advanceTimersByTimeAsync(199);
    expect(controller.getView().progress.visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getView().progress).toMatchObject({ visible: true, failed: false });
    const first = controller.getView().progress.value;

    await vi.advanceTimersByTimeAsync(2500);
    const middle = controller.getView().progress.value;
    expect(middle).toBeGreaterThan(first);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller.getView().progress.value).toBe(90);

    store.requestObserver.end(request, true);
    expect(controller.getView().progress).toMatchObject({ visible: true, value: 100 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getView().progress.visible).toBe(false);
  });

  it('never shows for work faster than the throttle', async () => {
    const { store, controller } = setup();
    const seen: boolean[] = [];
    controller.subscribe(() => seen.push(controller.getView().progress.visible));

    store.requestObserver.start(request);
    await vi.advanceTimersByTimeAsync(150);
    store.requestObserver.end(request, true);
    await vi.advanceTimersByTimeAsync(1000);

    expect(seen).not.toContain(true);
  });

  it('marks a failed request as failed', async () => {
    const { store, controller } = setup();
    store.requestObserver.start(request);
    await vi.advanceTimersByTimeAsync(300);

    store.requestObserver.end(request, false);

    expect(controller.getView().progress).toMatchObject({
      visible: true,
      value: 100,
      failed: true,
    });
  });

  it('starts afresh, not failed, when new work begins', async () => {
    const { store, controller } = setup();
    store.requestObserver.start(request);
    await vi.advanceTimersByTimeAsync(300);
    store.requestObserver.end(request, false);
    await vi.advanceTimersByTimeAsync(1000);

    store.requestObserver.start(request);
    await vi.advanceTimersByTimeAsync(300);

    expect(controller.getView().progress).toMatchObject({ visible: true, failed: false });
    expect(controller.getView().progress.value).toBeLessThan(90);
  });

  it('stops all timers when stopped', async () => {
    const { store, controller, stop } = setup();
    void store.trackBusy(deferred().promise);
    stop();

    await vi.advanceTimersByTimeAsync(5000);

    expect(controller.getView()).toEqual({
      spinner: false,
      progress: { visible: false, value: 0, failed: false },
    });
  });
});
