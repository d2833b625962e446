import { useCallback, useState } from 'react';

const STORAGE_KEY = 'openpractice.sideNav.mini';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the side navigation is collapsed to icons, remembered in this browser. */
export function useMiniMode(): [mini: boolean, toggle: () => void] {
  const [mini, setMini] = useState(readStored);
  const toggle = useCallback(() => {
    setMini((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
      } catch {
        // Storage can be refused (private mode); the choice then lasts for this page only.
      }
      return next;
    });
  }, []);
  return [mini, toggle];
}
