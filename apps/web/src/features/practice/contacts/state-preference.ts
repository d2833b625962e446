import { PRACTICE_CONTACT_STATES, type PracticeContactState } from '@openpractice/domain';
import { useCallback, useState } from 'react';

/** spec-1 §9: the practice contact state filter is remembered for the session (this tab). */
export const CONTACT_STATE_KEY = 'openpractice.practiceContacts.state';

export function loadContactState(storage?: Storage): PracticeContactState {
  try {
    const saved = (storage ?? globalThis.sessionStorage).getItem(CONTACT_STATE_KEY);
    return PRACTICE_CONTACT_STATES.find((s) => s === saved) ?? 'active';
  } catch {
    return 'active';
  }
}

export function useContactState(): [PracticeContactState, (next: PracticeContactState) => void] {
  const [state, setState] = useState(() => loadContactState());
  const update = useCallback((next: PracticeContactState) => {
    try {
      globalThis.sessionStorage.setItem(CONTACT_STATE_KEY, next);
    } catch {
      // Storage can be refused (private mode); the choice then lasts for this page only.
    }
    setState(next);
  }, []);
  return [state, update];
}
