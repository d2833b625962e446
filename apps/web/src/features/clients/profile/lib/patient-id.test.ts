import { describe, expect, it } from 'vitest';

import { patientIdOf } from './patient-id';

describe('patientIdOf', () => {
  it('reads a positive whole number', () => {
    expect(patientIdOf('1002')).toBe(1002);
  });

  it('refuses anything else', () => {
    for (const param of [undefined, '', '0', '-1', '1.5', 'abc', '12a', '99999999999']) {
      expect(patientIdOf(param)).toBeNull();
    }
  });
});
