import { describe, expect, it } from 'vitest';

import type { BasicDetails } from '../api/profile';
import { pastDateRule } from '../lib/dates';
import { basicDetailsInput, basicDetailsValues } from './basic-details-values';

const margaret: BasicDetails = {
  firstName: 'Margaret',
  nickName: null,
  middleName: null,
  lastName: 'Hamilton',
  gender: 'Female',
  claimGender: null,
  dob: '1985-06-15',
  maritalStatus: null,
  employer: null,
  employmentType: null,
  userNumber: 'C000001002',
};

describe('basic details form values', () => {
  it('shows nothing stored as blank and the date as typed', () => {
    const values = basicDetailsValues(margaret);
    expect(values.nickName).toBe('');
    expect(values.dob).toBe('06/15/1985');
  });

  it('sends only the changed fields: trimmed, blank as null, the date as ISO', () => {
    const values = {
      ...basicDetailsValues(margaret),
      employer: '  NASA ',
      gender: ' ',
      dob: '12/09/1986',
    };
    expect(basicDetailsInput(values, ['employer', 'gender', 'dob'])).toEqual({
      employer: 'NASA',
      gender: null,
      dob: '1986-12-09',
    });
  });
});

describe('pastDateRule (date of birth, onset)', () => {
  const rule = pastDateRule(new Date(2026, 10, 21));

  it('accepts blank and a real past date', () => {
    expect(rule('')).toBe(true);
    expect(rule('06/15/1985')).toBe(true);
  });

  it('refuses unreadable, too early and future dates with the domain messages', () => {
    expect(rule('1985-06-15')).toBe('Please enter a valid date, e.g. 01/05/1995.');
    expect(rule('01/01/1850')).toBe('Please enter a date on or after 01/01/1900.');
    expect(rule('01/01/2030')).toBe('Please enter a date on or before 11/21/2026.');
  });
});
