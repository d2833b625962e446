import { describe, expect, it } from 'vitest';
import {
  booleanRequired,
  cardExpiration,
  date,
  dateAfter,
  dateBefore,
  dea,
  email,
  exactLength,
  fax,
  greaterThan,
  lessThan,
  max,
  maxLength,
  min,
  minLength,
  npi,
  number,
  phone,
  regex,
  required,
  toFieldValidator,
  url,
  validate,
  zipLong,
  zipShort,
  type Constraint,
  type Validator,
} from './validators.ts';

const REQUIRED = 'This is required.';
const PHONE = 'Please enter phone number in valid format, e.g. (888) 555-1212';
const FAX = 'Please enter fax in valid format.';
const EMAIL = 'Please enter a valid e-mail address, e.g. name@example.com';
const URL_MESSAGE = 'Please enter a valid URL.';
const ZIP_SHORT = 'Please enter a five-digit ZIP code.';
const ZIP_LONG = 'Please enter a nine-digit ZIP code in 12345-1234 format.';
const CARD = 'Please enter a valid future expiration date.';
const DATE = 'Please enter a valid date, e.g. 01/05/1995.';
const DEA = 'Please enter a valid DEA Number';
const DIGITS = 'Please enter only digits 0-9.';

describe('required', () => {
  it.each<[string, unknown, true | string]>([
    ['text', 'x', true],
    ['zero', 0, true],
    ['true', true, true],
    ['non-empty array', [1], true],
    ['text with spaces around', ' a ', true],
    ['undefined', undefined, REQUIRED],
    ['null', null, REQUIRED],
    ['false', false, REQUIRED],
    ['empty string', '', REQUIRED],
    ['whitespace', ' \t\n ', REQUIRED],
    ['empty array', [], REQUIRED],
    ['NaN', Number.NaN, REQUIRED],
  ])('%s -> %s', (_label, value, expected) => {
    expect(required(value)).toBe(expected);
  });
});

describe('booleanRequired', () => {
  it.each<[unknown, true | string]>([
    [true, true],
    [false, true],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ['', REQUIRED],
    ['true', REQUIRED],
    [0, REQUIRED],
  ])('%j -> %s', (value, expected) => {
    expect(booleanRequired(value)).toBe(expected);
  });
});

describe('length and size rules', () => {
  it.each<[string, Validator, unknown, true | string]>([
    ['max 3 at limit', max(3), 'abc', true],
    ['max 3 over', max(3), 'abcd', 'Please enter no more than 3 characters.'],
    ['max counts digits of numbers', max(3), 1234, 'Please enter no more than 3 characters.'],
    ['min 3 at limit', min(3), 'abc', true],
    ['min 3 under', min(3), 'ab', 'Please enter no less than 3 characters.'],
    ['minLength at limit', minLength(8), '12345678', true],
    ['minLength under', minLength(8), '1234567', 'Must be at least 8 characters'],
    ['maxLength at limit', maxLength(5), 'abcde', true],
    ['maxLength over', maxLength(5), 'abcdef', "Can't be more than 5 characters"],
    ['exactLength exact', exactLength(4), '1234', true],
    ['exactLength short', exactLength(4), '123', 'Must be exactly 4 characters'],
    ['exactLength long', exactLength(4), '12345', 'Must be exactly 4 characters'],
    ['lessThan below', lessThan(10), '9.5', true],
    ['lessThan equal', lessThan(10), 10, 'Must be less than 10'],
    ['lessThan not a number', lessThan(10), 'abc', 'Must be less than 10'],
    ['lessThan blank text', lessThan(10), '  ', 'Must be less than 10'],
    ['greaterThan above', greaterThan(0), 1, true],
    ['greaterThan equal', greaterThan(0), '0', 'Must be greater than 0'],
    ['greaterThan below', greaterThan(0), -1, 'Must be greater than 0'],
  ])('%s', (_label, validator, value, expected) => {
    expect(validator(value)).toBe(expected);
  });
});

describe('format rules', () => {
  it.each<[string, Validator, unknown, true | string]>([
    ['number digits', number, '0123', true],
    ['number as a number', number, 42, true],
    ['number with a decimal point', number, '1.5', DIGITS],
    ['number negative', number, '-1', DIGITS],
    ['number letters', number, '12a', DIGITS],
    ['phone formatted', phone, '(888) 555-1212', true],
    ['phone dashes', phone, '888-555-1212', true],
    ['phone dots', phone, '888.555.1212', true],
    ['phone bare digits', phone, '8885551212', true],
    ['phone with country code', phone, '+1 (888) 555-1212', true],
    ['phone with 1 prefix', phone, '1-888-555-1212', true],
    ['phone too short', phone, '555-1212', PHONE],
    ['phone 11 digits not starting 1', phone, '28885551212', PHONE],
    ['phone 12 digits', phone, '+44 20 7946 0958', PHONE],
    ['phone letters', phone, '888-555-CALL', PHONE],
    ['phone plus in the middle', phone, '888+5551212', PHONE],
    ['fax valid', fax, '(888) 555-1213', true],
    ['fax invalid', fax, '12345', FAX],
    ['email', email, 'name@example.com', true],
    ['email subdomain and plus', email, 'first.last+tag@mail.example.co.uk', true],
    ['email no at', email, 'name.example.com', EMAIL],
    ['email no domain dot', email, 'name@example', EMAIL],
    ['email space', email, 'na me@example.com', EMAIL],
    ['email two ats', email, 'a@b@example.com', EMAIL],
    ['url https', url, 'https://example.com', true],
    ['url http with path and query', url, 'http://www.example.org:8080/a/b?c=1#d', true],
    ['url localhost', url, 'http://localhost:3000/x', true],
    ['url ftp', url, 'ftp://example.com', URL_MESSAGE],
    ['url without scheme', url, 'example.com', URL_MESSAGE],
    ['url with space', url, 'https://exa mple.com', URL_MESSAGE],
    ['url javascript', url, 'javascript:alert(1)', URL_MESSAGE],
    ['zipShort 5', zipShort, '12345', true],
    ['zipShort 9', zipShort, '123456789', true],
    ['zipShort 5-4', zipShort, '12345-6789', true],
    ['zipShort 4', zipShort, '1234', ZIP_SHORT],
    ['zipShort 6', zipShort, '123456', ZIP_SHORT],
    ['zipShort letters', zipShort, 'ABCDE', ZIP_SHORT],
    ['zipLong 5-4', zipLong, '12345-1234', true],
    ['zipLong 9', zipLong, '123451234', true],
    ['zipLong 5', zipLong, '12345', ZIP_LONG],
    ['zipLong bad dash', zipLong, '1234-51234', ZIP_LONG],
    ['dea two letters', dea, 'AB1234567', true],
    ['dea letter then 9', dea, 'A91234567', true],
    ['dea lower case', dea, 'ab1234567', true],
    ['dea with suffix', dea, 'AB1234567-ABC1234', true],
    ['dea suffix too long', dea, 'AB1234567-ABC12345', DEA],
    ['dea empty suffix', dea, 'AB1234567-', DEA],
    ['dea digit second other than 9', dea, 'A11234567', DEA],
    ['dea digit first', dea, '1B1234567', DEA],
    ['dea six digits', dea, 'AB123456', DEA],
    ['dea eight digits', dea, 'AB12345678', DEA],
  ])('%s', (_label, validator, value, expected) => {
    expect(validator(value)).toBe(expected);
  });
});

describe('dates', () => {
  const NOW = '2024-06-15';

  it.each<[string, Validator, unknown, true | string]>([
    ['card this month', cardExpiration(NOW), '06/24', true],
    ['card next year', cardExpiration(NOW), '01/25', true],
    ['card last month', cardExpiration(NOW), '05/24', CARD],
    ['card last year', cardExpiration(NOW), '12/23', CARD],
    ['card month 13', cardExpiration(NOW), '13/30', CARD],
    ['card month 00', cardExpiration(NOW), '00/30', CARD],
    ['card one-digit month', cardExpiration(NOW), '6/25', CARD],
    ['card four-digit year', cardExpiration(NOW), '06/2025', CARD],
    ['card Date now', cardExpiration(new Date(2024, 5, 30)), '06/24', true],
    ['date valid', date, '01/05/1995', true],
    ['date leap day', date, '02/29/2024', true],
    ['date not a leap year', date, '02/29/2023', DATE],
    ['date month 13', date, '13/01/2020', DATE],
    ['date day 32', date, '01/32/2020', DATE],
    ['date short form', date, '1/5/1995', DATE],
    ['date ISO', date, '1995-01-05', DATE],
    ['date words', date, 'yesterday!', DATE],
    ['before: earlier', dateBefore('2024-01-05'), '01/04/2024', true],
    ['before: same day (inclusive)', dateBefore('2024-01-05'), '01/05/2024', true],
    [
      'before: later',
      dateBefore('2024-01-05'),
      '01/06/2024',
      'Please enter a date on or before 01/05/2024.',
    ],
    ['before: Date value', dateBefore('01/05/2024'), new Date(2024, 0, 5, 18, 30), true],
    [
      'before: not a date',
      dateBefore('2024-01-05'),
      'soon',
      'Please enter a date on or before 01/05/2024.',
    ],
    ['after: later', dateAfter('2024-01-05'), '01/06/2024', true],
    ['after: same day (inclusive)', dateAfter('2024-01-05'), '2024-01-05', true],
    [
      'after: earlier',
      dateAfter('2024-01-05'),
      '01/04/2024',
      'Please enter a date on or after 01/05/2024.',
    ],
    [
      'after: wrong kind',
      dateAfter('2024-01-05'),
      5,
      'Please enter a date on or after 01/05/2024.',
    ],
  ])('%s', (_label, validator, value, expected) => {
    expect(validator(value)).toBe(expected);
  });
});

describe('npi', () => {
  it.each<[unknown, boolean]>([
    ['1234567893', true],
    ['1245319599', true],
    ['1003000126', true],
    ['1234567890', false],
    ['1245319598', false],
    ['123456789', false],
    ['12345678930', false],
    ['123456789X', false],
    [1234567893, true],
  ])('%j -> %s', (value, expected) => {
    expect(npi(value)).toBe(expected);
  });
});

describe('regex', () => {
  it.each<[RegExp | string, unknown, true | string]>([
    [/^[A-Z]{3}$/, 'ABC', true],
    [/^[A-Z]{3}$/, 'abc', 'Three capitals'],
    ['^\\d+x$', '12x', true],
    ['^\\d+x$', '12', 'Three capitals'],
  ])('%s on %j', (pattern, value, expected) => {
    expect(regex(pattern, 'Three capitals')(value)).toBe(expected);
  });

  it('gives the same answer each time, even for a global expression', () => {
    const rule = regex(/^a$/g, 'Only a');
    expect([rule('a'), rule('a'), rule('a')]).toEqual([true, true, true]);
  });
});

describe('empty values pass every rule except required/booleanRequired', () => {
  const optionalRules: [string, Validator][] = [
    ['max', max(3)],
    ['min', min(3)],
    ['minLength', minLength(3)],
    ['maxLength', maxLength(3)],
    ['exactLength', exactLength(3)],
    ['lessThan', lessThan(3)],
    ['greaterThan', greaterThan(3)],
    ['number', number],
    ['phone', phone],
    ['fax', fax],
    ['email', email],
    ['url', url],
    ['zipShort', zipShort],
    ['zipLong', zipLong],
    ['cardExpiration', cardExpiration('2024-06-15')],
    ['date', date],
    ['dateBefore', dateBefore('2024-01-01')],
    ['dateAfter', dateAfter('2024-01-01')],
    ['npi', npi],
    ['dea', dea],
    ['regex', regex(/^x$/, 'x only')],
  ];
  const emptyValues: unknown[] = [null, undefined, ''];

  it.each(
    optionalRules.flatMap(([name, rule]) =>
      emptyValues.map((value) => [name, rule, value] as const),
    ),
  )('%s accepts %j', (_name, rule, value) => {
    expect(rule(value)).toBe(true);
  });
});

describe('validate', () => {
  it.each<[string, unknown, Constraint[], boolean | string]>([
    ['no constraints', 'anything', [], true],
    ['all pass', 'abc', [{ name: 'required' }, { name: 'maxLength', value: 50 }], true],
    ['first failure wins', '', [{ name: 'required' }, { name: 'minLength', value: 2 }], REQUIRED],
    [
      'second failure',
      'a',
      [{ name: 'required' }, { name: 'minLength', value: 2 }],
      'Must be at least 2 characters',
    ],
    ['optional and empty', '', [{ name: 'email' }], true],
    ['regex with message', 'b', [{ name: 'regex', value: '^a$', message: 'Only a' }], 'Only a'],
    ['card expiration takes now', '05/24', [{ name: 'cardExpiration', value: '2024-06-01' }], CARD],
    [
      'date bound',
      '02/01/2024',
      [{ name: 'dateBefore', value: '2024-01-31' }],
      'Please enter a date on or before 01/31/2024.',
    ],
    ['npi fails silently', '1234567890', [{ name: 'npi' }], false],
    ['booleanRequired', false, [{ name: 'booleanRequired' }], true],
    ['number', '1a', [{ name: 'number' }], DIGITS],
    ['phone', '123', [{ name: 'phone' }], PHONE],
    ['fax', '123', [{ name: 'fax' }], FAX],
    ['url', 'x', [{ name: 'url' }], URL_MESSAGE],
    ['zipShort', '1', [{ name: 'zipShort' }], ZIP_SHORT],
    ['zipLong', '1', [{ name: 'zipLong' }], ZIP_LONG],
    ['date', '1', [{ name: 'date' }], DATE],
    ['dea', '1', [{ name: 'dea' }], DEA],
    ['max', 'abcd', [{ name: 'max', value: 3 }], 'Please enter no more than 3 characters.'],
    ['min', 'ab', [{ name: 'min', value: 3 }], 'Please enter no less than 3 characters.'],
    ['exactLength', 'ab', [{ name: 'exactLength', value: 3 }], 'Must be exactly 3 characters'],
    ['lessThan', '5', [{ name: 'lessThan', value: 3 }], 'Must be less than 3'],
    ['greaterThan', '1', [{ name: 'greaterThan', value: 3 }], 'Must be greater than 3'],
    [
      'dateAfter',
      '01/01/2024',
      [{ name: 'dateAfter', value: '2024-01-31' }],
      'Please enter a date on or after 01/31/2024.',
    ],
  ])('%s', (_label, value, constraints, expected) => {
    expect(validate(value, constraints)).toBe(expected);
  });

  it.each([
    ['alone', [{ name: 'foo' }]],
    ['after a failing rule', [{ name: 'required' }, { name: 'foo' }]],
  ])('throws for an unknown constraint name (%s)', (_label, constraints) => {
    expect(() => validate('', constraints as unknown as Constraint[])).toThrow(
      'Unknown validation constraint: foo',
    );
  });
});

describe('toFieldValidator', () => {
  const field = toFieldValidator([{ name: 'required' }, { name: 'npi' }]);

  it.each<[unknown, true | string]>([
    ['1234567893', true],
    ['', REQUIRED],
    ['1234567890', ''],
  ])('%j -> %j', (value, expected) => {
    expect(field(value)).toBe(expected);
  });

  it('can give a message to silent failures', () => {
    expect(toFieldValidator([{ name: 'npi' }], 'Invalid NPI')('1234567890')).toBe('Invalid NPI');
  });

  it('throws for an unknown name when built', () => {
    expect(() => toFieldValidator([{ name: 'bar' } as unknown as Constraint])).toThrow(
      'Unknown validation constraint: bar',
    );
  });
});
