import { describe, expect, it } from 'vitest';
import { mergeProblem, type MergeCandidate } from './client-merge.ts';

const record = (id: number, overrides: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id,
  isGroup: false,
  mergedIntoId: null,
  recordStatusId: 1,
  ...overrides,
});

describe('mergeProblem', () => {
  it('allows two live client records', () => {
    expect(mergeProblem(record(1), record(2))).toBeNull();
    expect(mergeProblem(record(1, { recordStatusId: 2 }), record(2))).toBeNull();
  });

  it.each<[string, MergeCandidate, MergeCandidate, number, string]>([
    ['into itself', record(1), record(1), 400, 'Choose a different client to keep.'],
    ['a group', record(1, { isGroup: true }), record(2), 400, 'Groups cannot be merged.'],
    ['into a group', record(1), record(2, { isGroup: true }), 400, 'Groups cannot be merged.'],
    [
      'a duplicate twice',
      record(1, { mergedIntoId: 5 }),
      record(2),
      409,
      'This client has already been merged.',
    ],
    [
      'into a deleted record',
      record(1),
      record(2, { recordStatusId: 3 }),
      409,
      'The client to keep has been merged or deleted. Choose another.',
    ],
  ])('refuses merging %s', (_label, source, target, status, message) => {
    expect(mergeProblem(source, target)).toMatchObject({ status, message });
  });
});
