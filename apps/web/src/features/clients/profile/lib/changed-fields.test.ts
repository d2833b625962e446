import { describe, expect, it } from 'vitest';

import { changedFields, wireText } from './changed-fields';

describe('changedFields', () => {
  const loaded = { firstName: 'Margaret', employer: '', dob: '06/15/1985' };

  it('is empty when nothing was typed', () => {
    expect(changedFields(loaded, { ...loaded })).toEqual([]);
  });

  it('ignores surrounding spaces and blank-for-empty', () => {
    expect(changedFields(loaded, { ...loaded, firstName: ' Margaret ', employer: '   ' })).toEqual(
      [],
    );
  });

  it('names each field that really changed, in form order', () => {
    expect(
      changedFields(loaded, { firstName: 'Maggie', employer: 'NASA', dob: '06/15/1985' }),
    ).toEqual(['firstName', 'employer']);
  });

  it('sees a cleared value as a change', () => {
    expect(changedFields(loaded, { ...loaded, dob: '' })).toEqual(['dob']);
  });
});

describe('wireText', () => {
  it('trims and sends blank as null', () => {
    expect(wireText('  NASA ')).toBe('NASA');
    expect(wireText('   ')).toBeNull();
  });
});
