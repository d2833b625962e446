import { describe, expect, it } from 'vitest';

import { createActivityStore } from './activity-store';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('activity store', () => {
  it('counts a tracked operation until it settles and returns the same promise', async () => {
    const store = createActivityStore();
    const work = deferred();

    const tracked = store.trackBusy(work.promise);
    expect(tracked).toBe(work.promise);
    expect(store.getSnapshot()).toEqual({ operations: 1, requests: 0, failed: false });

    work.resolve();
    await tracked;
    expect(store.getSnapshot()).toEqual({ operations: 0, requests: 0, failed: false });
  });

  it('marks a failed operation or request as failed until work starts again', async () => {
    const store = createActivityStore();
    const work = deferred();

    const tracked = store.trackBusy(work.promise);
    work.reject(new Error('no'));
    await tracked.catch(() => undefined);
    expect(store.getSnapshot().failed).toBe(true);

    store.requestObserver.start({ method: 'GET', path: '/api/x', background: false });
    expect(store.getSnapshot()).toEqual({ operations: 0, requests: 1, failed: false });
    store.requestObserver.end({ method: 'GET', path: '/api/x', background: false }, false);
    expect(store.getSnapshot()).toEqual({ operations: 0, requests: 0, failed: true });
  });

  it('keeps a failure while other work is still running', () => {
    const store = createActivityStore();
    const a = { method: 'GET' as const, path: '/api/a', background: false };
    const b = { method: 'GET' as const, path: '/api/b', background: false };

    store.requestObserver.start(a);
    store.requestObserver.start(b);
    store.requestObserver.end(a, false);
    store.requestObserver.end(b, true);

    expect(store.getSnapshot()).toEqual({ operations: 0, requests: 0, failed: true });
  });

  it('leaves background requests (polls) out', () => {
    const store = createActivityStore();
    const poll = { method: 'GET' as const, path: '/api/nav', background: true };

    store.requestObserver.start(poll);
    expect(store.getSnapshot().requests).toBe(0);
    store.requestObserver.end(poll, false);
    expect(store.getSnapshot()).toEqual({ operations: 0, requests: 0, failed: false });
  });

  it('tells subscribers about every change', () => {
    const store = createActivityStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    const request = { method: 'GET' as const, path: '/api/a', background: false };

    store.requestObserver.start(request);
    store.requestObserver.end(request, true);
    unsubscribe();
    store.requestObserver.start(request);

    expect(calls).toBe(2);
  });
});
