import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../../lib/api-client';
import { failureMessage, fieldOf } from './failure-message';

describe('failureMessage', () => {
  it('adds the server message of a conflict the person can resolve', () => {
    const error = new ApiError(409, 'The client has no email address.');
    expect(failureMessage('Unable to send portal invitation.', error)).toBe(
      'Unable to send portal invitation. The client has no email address.',
    );
  });

  it('keeps the spec text alone for a server error or anything else', () => {
    expect(failureMessage('Unable to save memo.', new ApiError(500, 'boom'))).toBe(
      'Unable to save memo.',
    );
    expect(failureMessage('Unable to save memo.', new Error('x'))).toBe('Unable to save memo.');
  });

  it('names the refused field of a 400 only', () => {
    expect(
      fieldOf(new ApiError(400, 'bad', { status: 'error', message: 'bad', field: 'dob' })),
    ).toBe('dob');
    expect(fieldOf(new ApiError(409, 'no', { status: 'error', message: 'no', field: 'dob' }))).toBe(
      undefined,
    );
  });
});
