/**
 * Unsaved text kept in the browser (localStorage) per note or addendum, so a network
 * failure or a closed tab loses nothing: the next open offers to restore it. Cleared once
 * the server has the same text. Storage that is full or switched off is simply not used.
 */

const PREFIX = 'openpractice.charting.unsaved.';

export type LocalDraft<T> = { savedAt: string; value: T };

export type LocalDraftStore<T> = {
  read: () => LocalDraft<T> | null;
  write: (value: T) => void;
  clear: () => void;
};

function storage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The store of one note's (`note-12`) or addendum's (`addendum-4`) unsaved changes. */
export function localDraftStore<T>(
  key: string,
  now: () => Date = () => new Date(),
): LocalDraftStore<T> {
  const name = PREFIX + key;
  return {
    read: () => {
      try {
        const text = storage()?.getItem(name);
        if (!text) return null;
        const parsed = JSON.parse(text) as Partial<LocalDraft<T>>;
        return typeof parsed.savedAt === 'string' && parsed.value !== undefined
          ? { savedAt: parsed.savedAt, value: parsed.value }
          : null;
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        storage()?.setItem(name, JSON.stringify({ savedAt: now().toISOString(), value }));
      } catch {
        // Full or switched off: the server copy is all there is.
      }
    },
    clear: () => {
      try {
        storage()?.removeItem(name);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
