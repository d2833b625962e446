import { useCallback, useEffect, useState } from 'react';

import { Autosaver, type SaveState } from './autosaver';
import { localDraftStore, type LocalDraft } from './local-draft';

export type AutosaveApi<T> = {
  state: SaveState;
  /** The unsaved changes found when the editor opened (from a failed save or a closed tab). */
  leftOver: LocalDraft<T> | null;
  change: (value: T) => void;
  /** Sends what is waiting; true once the server has the latest value. */
  flush: () => Promise<boolean>;
  /** Stops offering the left-over changes; `clear` (default) also forgets the local copy. */
  discardLeftOver: (clear?: boolean) => void;
};

/**
 * Saves an editor's value as the person types (Autosaver), keeping it in localStorage
 * under `key` until the server has it. Pending changes are sent when the editor closes,
 * and leaving the page with changes unsaved asks first.
 */
export function useAutosave<T>(key: string, save: (value: T) => Promise<void>): AutosaveApi<T> {
  const [store] = useState(() => localDraftStore<T>(key));
  const [leftOver, setLeftOver] = useState(() => store.read());
  const [state, setState] = useState<SaveState>({ status: 'saved' });
  // The saver lives as long as the editor; it calls the latest `save` (which may read new props).
  const [saver] = useState(() => new Autosaver<T>({ save, onState: setState, local: store }));
  useEffect(() => {
    saver.setSave(save);
  });

  useEffect(
    () => () => {
      // Leaving the editor (another page of the app): send what is waiting.
      void saver.flush();
      saver.dispose();
    },
    [saver],
  );

  const unsaved = state.status !== 'saved';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [unsaved]);

  const change = useCallback(
    (value: T) => {
      saver.change(value);
    },
    [saver],
  );
  const flush = useCallback(() => saver.flush(), [saver]);
  const discardLeftOver = useCallback(
    (clear = true) => {
      if (clear) store.clear();
      setLeftOver(null);
    },
    [store],
  );

  return { state, leftOver, change, flush, discardLeftOver };
}
