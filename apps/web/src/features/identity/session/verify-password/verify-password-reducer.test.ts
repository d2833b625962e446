import { describe, expect, it } from 'vitest';

import {
  INITIAL_VERIFY_PASSWORD_STATE,
  verifyPasswordReducer,
  type VerifyPasswordAction,
  type VerifyPasswordState,
} from './verify-password-reducer';

const NONE = INITIAL_VERIFY_PASSWORD_STATE;
const BUSY: VerifyPasswordState = { status: 'BUSY', error: null };
const FAILED: VerifyPasswordState = { status: 'FAILED', error: null };
const SUCCESS: VerifyPasswordState = { status: 'SUCCESS', error: null };
const ERRORED: VerifyPasswordState = { status: 'NONE', error: 'Offline.' };

describe('verifyPasswordReducer', () => {
  it.each<[string, VerifyPasswordState, VerifyPasswordAction, VerifyPasswordState]>([
    ['submit from NONE is BUSY', NONE, { type: 'submit' }, BUSY],
    ['submit after a failure is BUSY again', FAILED, { type: 'submit' }, BUSY],
    ['submit after a request error clears the error', ERRORED, { type: 'submit' }, BUSY],
    ['a second submit while BUSY changes nothing', BUSY, { type: 'submit' }, BUSY],
    ['verified while BUSY is SUCCESS', BUSY, { type: 'verified' }, SUCCESS],
    ['rejected while BUSY is FAILED', BUSY, { type: 'rejected' }, FAILED],
    [
      'a request error while BUSY is NONE with the message',
      BUSY,
      { type: 'error', message: 'Offline.' },
      ERRORED,
    ],
    ['a late answer when not BUSY changes nothing', NONE, { type: 'verified' }, NONE],
    ['a late rejection after SUCCESS changes nothing', SUCCESS, { type: 'rejected' }, SUCCESS],
    ['reset from anywhere is NONE', FAILED, { type: 'reset' }, NONE],
  ])('%s', (_name, state, action, expected) => {
    expect(verifyPasswordReducer(state, action)).toEqual(expected);
  });
});
