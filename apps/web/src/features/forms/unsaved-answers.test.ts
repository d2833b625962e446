import { afterEach, describe, expect, it } from 'vitest';

import { differs, forgetUnsaved, keepUnsaved, readUnsaved } from './unsaved-answers';

afterEach(() => {
  sessionStorage.clear();
});

describe('answers kept on the device', () => {
  it('keeps, reads back and forgets the answers of one form', () => {
    keepUnsaved('portal', 7, { a: 'x', b: 2 });
    expect(readUnsaved('portal', 7)?.answers).toEqual({ a: 'x', b: 2 });
    expect(readUnsaved('staff', 7)).toBeNull();
    forgetUnsaved('portal', 7);
    expect(readUnsaved('portal', 7)).toBeNull();
  });

  it('ignores what is not its own shape, and compares answers whatever their order', () => {
    sessionStorage.setItem('openpractice.form-answers.portal.8', '{not json');
    expect(readUnsaved('portal', 8)).toBeNull();
    expect(differs({ a: 1, b: true }, { b: true, a: 1 })).toBe(false);
    expect(differs({ a: 1 }, { a: 2 })).toBe(true);
  });
});
