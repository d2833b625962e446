import { describe, expect, it } from 'vitest';

import { PROGRESS_CEILING, progressValue } from './progress';

describe('progressValue', () => {
  it.each([
    [0, 5],
    [2500, 68.75],
    [5000, PROGRESS_CEILING],
    [60_000, PROGRESS_CEILING],
    [-100, 5],
  ])('after %i ms of 5000 it is %f%%', (elapsed, expected) => {
    expect(progressValue(elapsed, 5000)).toBeCloseTo(expected);
  });

  it('never goes backwards', () => {
    const values = [0, 100, 500, 1000, 2000, 4000, 4999, 5000, 9000].map((ms) =>
      progressValue(ms, 5000),
    );
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});
