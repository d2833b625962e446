import { describe, expect, it } from 'vitest';
import {
  demographicAnswerMessage,
  demographicOptionsMessage,
  formatTin,
  imageKindOf,
  npiMessage,
  NPI_MESSAGE,
  tinMessage,
  TIN_MESSAGE,
  type DemographicFieldType,
  type DemographicValue,
} from './practice-setup.ts';

describe('the organisation and contact NPI', () => {
  it.each([
    ['1234567893', true],
    ['1234567890', NPI_MESSAGE],
    ['123456789', NPI_MESSAGE],
    ['12345678931', NPI_MESSAGE],
    ['12345678a3', NPI_MESSAGE],
    ['', true],
    [null, true],
  ] as const)('%s → %s', (value, expected) => {
    expect(npiMessage(value)).toBe(expected);
  });
});

describe('the practice TIN (an EIN)', () => {
  it.each([
    ['12-3456789', true],
    ['123456789', true],
    [' 12-3456789 ', true],
    ['', true],
    ['12-345678', TIN_MESSAGE],
    ['1-23456789', TIN_MESSAGE],
    ['07-1234567', TIN_MESSAGE],
    ['00-1234567', TIN_MESSAGE],
    ['89-1234567', TIN_MESSAGE],
    ['12 3456789', TIN_MESSAGE],
    ['ab-cdefghi', TIN_MESSAGE],
  ] as const)('%s → %s', (value, expected) => {
    expect(tinMessage(value)).toBe(expected);
  });

  it('prints nine digits with the dash', () => {
    expect(formatTin('123456789')).toBe('12-3456789');
    expect(formatTin(null)).toBeNull();
  });
});

describe('demographic field options', () => {
  it.each([
    ['text', [], true],
    ['text', ['a'], 'Only choice fields have options.'],
    ['choice', ['Red', 'Blue'], true],
    ['choice', ['Red'], 'A choice field needs at least two options.'],
    ['choice', ['Red', ' red '], 'Each option must be different.'],
    ['choice', ['Red', ' '], 'Options cannot be blank.'],
    [
      'choice',
      Array.from({ length: 31 }, (_, i) => `o${i}`),
      'A choice field can have at most 30 options.',
    ],
  ] as const)('%s %j → %s', (type, options, expected) => {
    expect(demographicOptionsMessage(type, options)).toBe(expected);
  });
});

describe('a demographic answer fits its field', () => {
  const field = (type: DemographicFieldType, value: DemographicValue = 'ON') => ({
    label: 'Q',
    type,
    value,
    options: ['Red', 'Blue'],
  });
  it.each([
    ['text', 'ON', '', true],
    ['text', 'REQUIRED', '  ', 'Q is required.'],
    ['text', 'ON', 'x'.repeat(201), 'Q: enter no more than 200 characters.'],
    ['number', 'ON', '-3.5', true],
    ['number', 'ON', '3,5', 'Q: enter a number.'],
    ['date', 'ON', '2024-02-29', true],
    ['date', 'ON', '2023-02-29', 'Q: enter a date.'],
    ['yesNo', 'ON', 'Yes', true],
    ['yesNo', 'ON', 'yes', 'Q: choose Yes or No.'],
    ['choice', 'REQUIRED', 'Blue', true],
    ['choice', 'ON', 'Green', 'Q: choose one of the options.'],
  ] as const)('%s (%s) %j → %s', (type, value, answer, expected) => {
    expect(demographicAnswerMessage(field(type, value), answer)).toBe(expected);
  });
});

describe('what the first bytes of a logo say', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x47, 0x49, 0x46, 0x38], null],
    [[0x3c, 0x73, 0x76, 0x67], null],
    [[0x89, 0x50], null],
  ] as const)('%j → %s', (bytes, expected) => {
    expect(imageKindOf(Uint8Array.from(bytes))).toBe(expected);
  });
});
