import { readIntakePreferences, type IntakePreferences } from '@openpractice/domain';
import { useCallback, useState } from 'react';

/** Where this browser keeps the intake table's sort and rows per page (spec-1 §9: long-lived). */
export const INTAKE_PREFERENCES_KEY = 'openpractice.intake';

/** `storage`: the browser's localStorage unless a test passes another. */
export function loadIntakePreferences(storage?: Storage) {
  try {
    const text = (storage ?? globalThis.localStorage).getItem(INTAKE_PREFERENCES_KEY) ?? null;
    return readIntakePreferences(text === null ? null : JSON.parse(text));
  } catch {
    // Unreadable or refused storage: the defaults.
    return readIntakePreferences(null);
  }
}

export function saveIntakePreferences(preferences: IntakePreferences, storage?: Storage): void {
  try {
    (storage ?? globalThis.localStorage).setItem(
      INTAKE_PREFERENCES_KEY,
      JSON.stringify(preferences),
    );
  } catch {
    // Storage can be refused (private mode); the choice then lasts for this page only.
  }
}

/** The remembered choices and a setter that remembers changes. */
export function useIntakePreferences(): [
  IntakePreferences,
  (change: Partial<IntakePreferences>) => void,
] {
  const [preferences, setPreferences] = useState(() => loadIntakePreferences());
  const update = useCallback((change: Partial<IntakePreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...change };
      saveIntakePreferences(next);
      return next;
    });
  }, []);
  return [preferences, update];
}
