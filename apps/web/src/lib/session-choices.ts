/**
 * Choices remembered for the browser session (spec-1 §9 "session-level" persisted choices):
 * kept in `sessionStorage`, so they end with the tab and never outlive the sign-in on a shared
 * computer. What is stored is read back through the caller's reader, which drops anything it
 * does not recognise (an older shape, a hand-edited value).
 */

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Some privacy modes throw on reading it: nothing is remembered.
    return null;
  }
}

export function loadSessionChoice<T>(
  key: string,
  read: (stored: unknown) => T | undefined,
): T | undefined {
  try {
    const text = sessionStore()?.getItem(key);
    return text ? read(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

export function saveSessionChoice(key: string, value: unknown): void {
  try {
    sessionStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the choice lasts while the page is open.
  }
}
