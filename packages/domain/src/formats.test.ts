import { describe, expect, it } from 'vitest';
import {
  NEVER_TEXT,
  NONE_TEXT,
  NOT_AVAILABLE_TEXT,
  ageInYears,
  formatClientNumber,
  formatCount,
  formatInsuranceName,
  formatIsoDate,
  formatLongDate,
  formatMoney,
  formatPercent,
  formatPhone,
  formatShortDate,
  formatTime,
  formatUsDate,
  formatZip,
  fullName,
  legalName,
  parseAutoDecimalCents,
  parseMoneyToCents,
  type PersonName,
} from './formats.ts';

describe('formatMoney', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [-500, '-$5.00'],
    [123456789, '$1,234,567.89'],
  ])('%d cents -> %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });
});

describe('parseMoneyToCents', () => {
  it.each<[string, number | null]>([
    ['1234.50', 123450],
    ['1,234.5', 123450],
    ['$20', 2000],
    [' $ 7.05 ', 705],
    ['.99', 99],
    ['5.', 500],
    ['0', 0],
    ['0.1', 10],
    ['-5.00', null],
    ['5.999', null],
    ['', null],
    ['.', null],
    ['abc', null],
    ['1.2.3', null],
    ['99999999999999999999', null],
  ])('%j -> %s', (input, expected) => {
    expect(parseMoneyToCents(input)).toBe(expected);
  });
});

describe('parseAutoDecimalCents', () => {
  it.each<[string, number | null]>([
    ['1234', 1234],
    ['12.34', 1234],
    ['$1,234.56', 123456],
    ['0', 0],
    ['', null],
    ['-12', null],
  ])('%j -> %s', (input, expected) => {
    expect(parseAutoDecimalCents(input)).toBe(expected);
  });
});

describe('formatCount', () => {
  it.each<[number, number | undefined, string]>([
    [0, undefined, '0'],
    [99, undefined, '99'],
    [100, undefined, '99+'],
    [120, undefined, '99+'],
    [9, 9, '9'],
    [10, 9, '9+'],
  ])('%d (max %s) -> %s', (count, max, expected) => {
    expect(formatCount(count, max)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each<[number, number | undefined, string]>([
    [0.25, undefined, '25%'],
    [0.125, undefined, '12.5%'],
    [1, undefined, '100%'],
    [0.1234, undefined, '12.34%'],
    [0.1234, 0, '12%'],
    [0, undefined, '0%'],
  ])('%d (digits %s) -> %s', (ratio, digits, expected) => {
    expect(formatPercent(ratio, digits)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['8885551212', '(888) 555-1212'],
    ['888-555-1212', '(888) 555-1212'],
    ['18885551212', '(888) 555-1212'],
    ['+1 (888) 555 1212', '(888) 555-1212'],
    ['28885551212', '28885551212'],
    ['555-1212', '555-1212'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('formatZip', () => {
  it.each([
    ['123456789', '12345-6789'],
    ['12345-6789', '12345-6789'],
    ['12345', '12345'],
    ['1234', '1234'],
    ['A12345678', 'A12345678'],
  ])('%j -> %j', (input, expected) => {
    expect(formatZip(input)).toBe(expected);
  });
});

describe('formatClientNumber', () => {
  it.each<[number | string | null | undefined, string]>([
    [1234, 'C000001234'],
    ['42', 'C000000042'],
    [123456789, 'C123456789'],
    [0, 'C000000000'],
    [null, 'N/A'],
    [undefined, 'N/A'],
  ])('%j -> %s', (input, expected) => {
    expect(formatClientNumber(input)).toBe(expected);
  });
});

describe('formatInsuranceName', () => {
  it.each([
    ['Blue Cross', 'Blue Cross'],
    ['12345678901234567890123', '12345678901234567890123'],
    ['123456789012345678901234', '12345678901234567890...'],
    ['Blue Cross Blue Shield of Illinois', 'Blue Cross Blue Shie...'],
  ])('%j -> %j', (input, expected) => {
    expect(formatInsuranceName(input)).toBe(expected);
  });
});

describe('default texts', () => {
  it.each([
    [NEVER_TEXT, 'Never'],
    [NONE_TEXT, 'None'],
    [NOT_AVAILABLE_TEXT, 'N/A'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('date formats', () => {
  const formatters = {
    iso: formatIsoDate,
    short: formatShortDate,
    us: formatUsDate,
    long: formatLongDate,
    time: formatTime,
  };

  it.each<[keyof typeof formatters, string | Date, string]>([
    ['iso', new Date(2024, 2, 7, 15, 4), '2024-03-07'],
    ['iso', '03/07/2024', '2024-03-07'],
    ['short', '2024-03-07', '3/7/24'],
    ['short', '2024-12-25', '12/25/24'],
    ['us', '2024-03-07', '03/07/2024'],
    ['long', '2024-03-01', 'March 1st, 2024'],
    ['long', '2024-03-02', 'March 2nd, 2024'],
    ['long', '2024-03-03', 'March 3rd, 2024'],
    ['long', '2024-03-11', 'March 11th, 2024'],
    ['long', '2024-03-22', 'March 22nd, 2024'],
    ['time', '2024-03-07T09:05:00', '9:05 AM'],
    ['time', '2024-03-07T00:00:00', '12:00 AM'],
    ['time', new Date(2024, 2, 7, 13, 30), '1:30 PM'],
  ])('%s of %j -> %s', (format, value, expected) => {
    expect(formatters[format](value)).toBe(expected);
  });

  it.each<[string | null | undefined, string | undefined, string]>([
    [null, undefined, ''],
    [undefined, NEVER_TEXT, 'Never'],
    ['', NONE_TEXT, 'None'],
    ['not a date', NOT_AVAILABLE_TEXT, 'N/A'],
    ['02/30/2024', undefined, ''],
  ])('missing %j falls back to %j', (value, fallback, expected) => {
    expect(formatUsDate(value, fallback)).toBe(expected);
  });
});

describe('ageInYears', () => {
  it.each<[string, string | Date, number | null]>([
    ['1990-06-15', '2024-06-15', 34],
    ['1990-06-16', '2024-06-15', 33],
    ['1990-05-31', '2024-06-15', 34],
    ['1990-12-31', '2024-01-01', 33],
    ['2024-06-15', '2024-06-15', 0],
    ['2000-02-29', '2001-02-28', 0],
    ['2000-02-29', '2001-03-01', 1],
    ['2000-02-29', '2004-02-29', 4],
    ['1990-06-15', new Date(2024, 5, 15, 23, 59), 34],
    ['not a date', '2024-06-15', null],
  ])('born %s, on %j -> %s', (dob, now, expected) => {
    expect(ageInYears(dob, now)).toBe(expected);
  });
});

describe('names', () => {
  it.each<[PersonName, string]>([
    [{ firstName: 'Robert', nickName: 'Bob', lastName: 'Smith' }, 'Bob Smith'],
    [{ firstName: 'Robert', nickName: '', lastName: 'Smith' }, 'Robert Smith'],
    [{ firstName: 'Robert', nickName: '   ', lastName: 'Smith' }, 'Robert Smith'],
    [
      { firstName: 'Robert', nickName: null, middleName: 'James', lastName: 'Smith' },
      'Robert Smith',
    ],
    [{ firstName: ' Ann ', lastName: ' Lee ' }, 'Ann Lee'],
    [{ firstName: 'Cher' }, 'Cher'],
  ])('fullName %j -> %s', (person, expected) => {
    expect(fullName(person)).toBe(expected);
  });

  it.each<[PersonName, string]>([
    [
      { firstName: 'Robert', nickName: 'Bob', middleName: 'James', lastName: 'Smith' },
      'Robert James Smith',
    ],
    [{ firstName: 'Robert', nickName: 'Bob', lastName: 'Smith' }, 'Robert Smith'],
    [{ firstName: 'Robert', middleName: '  ', lastName: 'Smith' }, 'Robert Smith'],
    [{ firstName: 'Robert', middleName: null, lastName: 'Smith' }, 'Robert Smith'],
  ])('legalName %j -> %s', (person, expected) => {
    expect(legalName(person)).toBe(expected);
  });
});
