/** The Verify Password dialog's states (spec-1 §4, Password re-verification). */
export type VerifyPasswordStatus = 'NONE' | 'BUSY' | 'FAILED' | 'SUCCESS';

export interface VerifyPasswordState {
  status: VerifyPasswordStatus;
  /** The request itself failed (offline, server error): a message to show; the status is NONE. */
  error: string | null;
}

export type VerifyPasswordAction =
  | { type: 'submit' }
  | { type: 'verified' }
  | { type: 'rejected' }
  | { type: 'error'; message: string }
  | { type: 'reset' };

export const INITIAL_VERIFY_PASSWORD_STATE: VerifyPasswordState = { status: 'NONE', error: null };

/**
 * NONE or FAILED --submit--> BUSY; BUSY --verified--> SUCCESS; BUSY --rejected--> FAILED;
 * BUSY --error--> NONE with a message. Anything else leaves the state alone
 * (e.g. a second submit while one is running).
 */
export function verifyPasswordReducer(
  state: VerifyPasswordState,
  action: VerifyPasswordAction,
): VerifyPasswordState {
  switch (action.type) {
    case 'submit':
      return state.status === 'NONE' || state.status === 'FAILED'
        ? { status: 'BUSY', error: null }
        : state;
    case 'verified':
      return state.status === 'BUSY' ? { status: 'SUCCESS', error: null } : state;
    case 'rejected':
      return state.status === 'BUSY' ? { status: 'FAILED', error: null } : state;
    case 'error':
      return state.status === 'BUSY' ? { status: 'NONE', error: action.message } : state;
    case 'reset':
      return INITIAL_VERIFY_PASSWORD_STATE;
  }
}
