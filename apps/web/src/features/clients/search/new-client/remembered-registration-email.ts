/**
 * The new client form's 'Send registration email' checkbox is remembered
 * long-lived (spec-1 §9): in `localStorage`, per browser. Off until first ticked.
 */
export const REGISTRATION_EMAIL_STORAGE_KEY = 'openpractice.newClient.sendRegistrationEmail';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadSendRegistrationEmail(storage: Storage | null = localStore()): boolean {
  try {
    return storage?.getItem(REGISTRATION_EMAIL_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveSendRegistrationEmail(
  value: boolean,
  storage: Storage | null = localStore(),
): void {
  try {
    storage?.setItem(REGISTRATION_EMAIL_STORAGE_KEY, String(value));
  } catch {
    // Refused (private browsing): the choice lasts until the page closes.
  }
}
