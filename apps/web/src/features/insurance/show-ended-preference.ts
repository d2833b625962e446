import { useCallback, useState } from 'react';

/**
 * Whether the payer list shows ended payers: spec-1 §9's long-lived
 * "practice-settings show-inactive" choice, kept in this browser.
 */
export const SHOW_ENDED_PAYERS_KEY = 'openpractice.practiceSettings.showInactive';

/** `storage`: the browser's localStorage unless a test passes another. */
export function loadShowEnded(storage?: Storage): boolean {
  try {
    return (storage ?? globalThis.localStorage).getItem(SHOW_ENDED_PAYERS_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveShowEnded(value: boolean, storage?: Storage): void {
  try {
    (storage ?? globalThis.localStorage).setItem(SHOW_ENDED_PAYERS_KEY, String(value));
  } catch {
    // Storage can be refused (private mode); the choice then lasts for this page only.
  }
}

export function useShowEnded(): [boolean, (value: boolean) => void] {
  const [showEnded, setShowEnded] = useState(() => loadShowEnded());
  const update = useCallback((value: boolean) => {
    saveShowEnded(value);
    setShowEnded(value);
  }, []);
  return [showEnded, update];
}
