import { describe, expect, it } from 'vitest';

import {
  dobValidator,
  isoDobOf,
  usDateOf,
  validateEmail,
  validateName,
  validatePhone,
  validateReason,
} from './booking-form-rules';

describe('the booking form rules (spec-2 §5 messages)', () => {
  it.each([
    [validateName, '', 'This is required.'],
    [validateName, 'x'.repeat(61), 'Please enter no more than 60 characters.'],
    [validateName, 'Vera', true],
    [validateEmail, 'vera@', 'Please enter a valid e-mail address, e.g. name@example.com'],
    [validateEmail, 'vera@example.com', true],
    [validatePhone, '555-12', 'Please enter phone number in valid format, e.g. (888) 555-1212'],
    [validatePhone, '(207) 555-0190', true],
    [validatePhone, '+1 207 555 0190', true],
    [validateReason, '', 'This is required.'],
    [validateReason, 'Trouble sleeping', true],
  ])('%#: %s', (validate, value, expected) => {
    expect(validate(value)).toBe(expected);
  });

  it.each([
    ['', 'This is required.'],
    ['1990-05-17', 'Please enter a valid date, e.g. 01/05/1995.'],
    ['02/30/1990', 'Please enter a valid date, e.g. 01/05/1995.'],
    ['02/01/2032', 'Please enter a date on or before 01/30/2032.'],
    ['12/31/1899', 'Please enter a date on or after 01/01/1900.'],
    ['01/30/2032', true],
    ['05/17/1990', true],
  ])('date of birth %s', (value, expected) => {
    expect(dobValidator('01/30/2032')(value)).toBe(expected);
  });

  it('reads the typed date of birth as an ISO date', () => {
    expect(isoDobOf('05/17/1990')).toBe('1990-05-17');
    expect(isoDobOf(' 05/17/1990 ')).toBe('1990-05-17');
    expect(isoDobOf('02/30/1990')).toBeNull();
    expect(usDateOf('2032-01-30')).toBe('01/30/2032');
  });
});
