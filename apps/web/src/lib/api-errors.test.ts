import { describe, expect, it } from 'vitest';

import {
  answerMessage,
  ApiError,
  errorMessage,
  errorToast,
  failureOf,
  isRefusal,
  UNEXPECTED_ERROR_MESSAGE,
  withServerReason,
} from './api-errors';

describe('the error vocabulary', () => {
  it('names each failure from its status', () => {
    expect(failureOf(new ApiError(0, 'offline'))).toBe('no-answer');
    expect(failureOf(new ApiError(400, 'bad'))).toBe('invalid');
    expect(failureOf(new ApiError(401, 'who'))).toBe('signed-out');
    expect(failureOf(new ApiError(403, 'no'))).toBe('forbidden');
    expect(failureOf(new ApiError(404, 'gone'))).toBe('not-found');
    expect(failureOf(new ApiError(409, 'taken'))).toBe('conflict');
    expect(failureOf(new ApiError(429, 'slow down'))).toBe('refused');
    expect(failureOf(new ApiError(502, 'upstream'))).toBe('bad-gateway');
    expect(failureOf(new ApiError(500, 'oops'))).toBe('server');
    expect(failureOf(new Error('thrown'))).toBe('unknown');
  });

  it('reads the message and field from the error envelope, else names the status', () => {
    const error = new ApiError(400, 'Too long.', {
      status: 'error',
      message: 'Too long.',
      field: 'name',
    });
    expect(error.field).toBe('name');
    expect(answerMessage(400, { status: 'error', message: 'Too long.' })).toBe('Too long.');
    expect(answerMessage(502, '<html>')).toBe('The request failed (status 502).');
  });

  it('treats only 4xx answers as refusals', () => {
    expect(isRefusal(new ApiError(404, 'gone'))).toBe(true);
    expect(isRefusal(new ApiError(500, 'oops'))).toBe(false);
    expect(isRefusal(new ApiError(0, 'offline'))).toBe(false);
  });

  it('adds the server reason to the spec text only for the failures named', () => {
    const conflict = new ApiError(409, 'The hours overlap.');
    expect(withServerReason('Unable to save.', conflict, ['conflict'])).toBe(
      'Unable to save. The hours overlap.',
    );
    expect(withServerReason('Unable to save.', conflict, ['invalid'])).toBe('Unable to save.');
    expect(withServerReason('Unable to save.', new Error('x'), ['conflict'])).toBe(
      'Unable to save.',
    );
  });

  it('gives an error snackbar of 5 s with the message a person can act on', () => {
    expect(errorToast(new ApiError(409, 'Taken.'))).toEqual({
      message: 'Taken.',
      variant: 'error',
      autoHideDuration: 5000,
    });
    expect(errorMessage(new Error('internal'))).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});
