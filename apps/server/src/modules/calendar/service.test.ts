import { describe, expect, it } from 'vitest';
import { isOverlapViolation } from './service.ts';

describe('isOverlapViolation', () => {
  it.each([
    ['an exclusion violation', { code: '23P01' }, true],
    ['a deadlock between two bookings', { code: '40P01' }, true],
    ['either, wrapped by the driver', { message: 'query failed', cause: { code: '40P01' } }, true],
    ['a unique violation', { code: '23505' }, false],
    ['a plain error', new Error('boom'), false],
    ['nothing', null, false],
  ])('%s -> %s', (_label, error, expected) => {
    expect(isOverlapViolation(error)).toBe(expected);
  });
});
