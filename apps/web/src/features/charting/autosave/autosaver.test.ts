import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-errors';
import { Autosaver, isRetryable, type SaveState } from './autosaver';
import { localDraftStore } from './local-draft';

type Deferred = { resolve: () => void; reject: (error: unknown) => void };

/** An autosaver whose saves wait until the test answers them. */
function setup() {
  const states: SaveState[] = [];
  const saves: { value: string; answer: Deferred }[] = [];
  const local = { write: vi.fn<(value: string) => void>(), clear: vi.fn<() => void>() };
  const saver = new Autosaver<string>({
    save: (value) =>
      new Promise<void>((resolve, reject) => {
        saves.push({ value, answer: { resolve, reject } });
      }),
    onState: (state) => states.push(state),
    local,
  });
  const last = () => states.at(-1);
  return { saver, saves, states, local, last };
}

/** Lets the promise callbacks run (fake timers do not hold them). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('Autosaver', () => {
  it('saves the latest value once typing has paused for 1.5 s, keeping each change locally', async () => {
    const { saver, saves, local, last } = setup();
    saver.change('S');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('Sl');
    saver.change('Sle');
    expect(local.write).toHaveBeenLastCalledWith('Sle');
    expect(last()).toEqual({ status: 'saving' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => s.value)).toEqual(['Sle']);
    saves[0]!.answer.resolve();
    await settle();
    expect(last()).toEqual({ status: 'saved' });
    expect(local.clear).toHaveBeenCalledTimes(1);
  });

  it('sends one save at a time; what was typed meanwhile goes next, and only then is the local copy cleared', async () => {
    const { saver, saves, local, last } = setup();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(1500);
    saver.change('ab');
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves).toHaveLength(1);
    saves[0]!.answer.resolve();
    await settle();
    expect(local.clear).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'saving' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves.map((s) => s.value)).toEqual(['a', 'ab']);
    saves[1]!.answer.resolve();
    await settle();
    expect(local.clear).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ status: 'saved' });
  });

  it('retries after a network failure with growing pauses, saying so, and keeps the local copy', async () => {
    const { saver, saves, local, last } = setup();
    saver.change('text');
    await vi.advanceTimersByTimeAsync(1500);
    saves[0]!.answer.reject(new ApiError(0, 'offline'));
    await settle();
    expect(last()).toEqual({ status: 'retrying', message: 'offline' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(2);
    saves[1]!.answer.reject(new ApiError(503, 'down'));
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    expect(saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => s.value)).toEqual(['text', 'text', 'text']);
    expect(local.clear).not.toHaveBeenCalled();
    saves[2]!.answer.resolve();
    await settle();
    expect(last()).toEqual({ status: 'saved' });
    expect(local.clear).toHaveBeenCalledTimes(1);
  });

  it('stops on a refusal with its message until the next change', async () => {
    const { saver, saves, last } = setup();
    saver.change('text');
    await vi.advanceTimersByTimeAsync(1500);
    saves[0]!.answer.reject(new ApiError(409, 'This note was changed elsewhere.'));
    await settle();
    expect(last()).toEqual({ status: 'failed', message: 'This note was changed elsewhere.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveLength(1);
    saver.change('text!');
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves).toHaveLength(2);
  });

  it('flush saves at once and answers whether the server has the latest value', async () => {
    const { saver, saves } = setup();
    expect(await saver.flush()).toBe(true);
    saver.change('now');
    const flushed = saver.flush();
    await settle();
    expect(saves.map((s) => s.value)).toEqual(['now']);
    saves[0]!.answer.resolve();
    expect(await flushed).toBe(true);

    saver.change('again');
    const failed = saver.flush();
    await settle();
    saves[1]!.answer.reject(new ApiError(400, 'Plan must be at most 20000 characters'));
    expect(await failed).toBe(false);
  });

  it('retries what may pass later, not what the server refused', () => {
    expect(isRetryable(new ApiError(0, ''))).toBe(true);
    expect(isRetryable(new ApiError(502, ''))).toBe(true);
    expect(isRetryable(new ApiError(429, ''))).toBe(true);
    expect(isRetryable(new TypeError('x'))).toBe(true);
    expect(isRetryable(new ApiError(409, ''))).toBe(false);
    expect(isRetryable(new ApiError(403, ''))).toBe(false);
  });
});

describe('localDraftStore', () => {
  it('keeps a value per key with the time it was kept, until cleared', () => {
    const store = localDraftStore<{ text: string }>(
      'note-1',
      () => new Date('2032-03-08T16:00:00Z'),
    );
    expect(store.read()).toBeNull();
    store.write({ text: 'hello' });
    expect(localDraftStore('note-1').read()).toEqual({
      savedAt: '2032-03-08T16:00:00.000Z',
      value: { text: 'hello' },
    });
    expect(localDraftStore('note-2').read()).toBeNull();
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('openpractice.charting.unsaved.note-3', '{not json');
    expect(localDraftStore('note-3').read()).toBeNull();
  });
});
