import { describe, expect, it } from 'vitest';
import { transliterate, x12Amount, x12Text } from './x12-format.ts';

describe('transliterate', () => {
  it.each<[string, string]>([
    ['José', 'Jose'],
    ['Núñez Müller', 'Nunez Muller'],
    ['Françoise Ångström', 'Francoise Angstrom'],
    ['Straße', 'Strasse'],
    ['Øster Łukasz Œuvre Æsir', 'Oster Lukasz Oeuvre Aesir'],
    ['O’Brien – “Jr”', 'O\'Brien - "Jr"'],
    ['ﬁ', 'fi'],
  ])('%j → %j', (value, expected) => {
    expect(transliterate(value)).toBe(expected);
  });
});

describe('x12Text', () => {
  it.each<[string, number, string]>([
    ['José', 60, 'JOSE'],
    ['O*Brien~Núñez', 60, 'O BRIEN NUNEZ'],
    ['José:Luis^', 60, 'JOSE LUIS'],
    ['Zoë 张伟', 60, 'ZOE'],
    ['Suite #5 @ Main_St', 60, 'SUITE 5 MAIN ST'],
    ['line\nbreak\ttab', 60, 'LINE BREAK TAB'],
    ['A & B (C), D-E. F/G; H? I=J! "K" + L\'s', 60, 'A & B (C), D-E. F/G; H? I=J! "K" + L\'S'],
    ['Müller', 3, 'MUL'],
  ])('x12Text(%j, %i) → %j', (value, max, expected) => {
    expect(x12Text(value, max)).toBe(expected);
  });

  it('uses the delimiters it is given', () => {
    const delimiters = { element: '|', component: '>', segment: '\n', repetition: '' };
    expect(x12Text('A|B>C*D', 60, delimiters)).toBe('A B C*D');
  });
});

describe('x12Amount', () => {
  it.each<[number, string]>([
    [15000, '150'],
    [15050, '150.5'],
    [15025, '150.25'],
    [5, '0.05'],
    [50, '0.5'],
    [0, '0'],
    [-2050, '-20.5'],
    [123456789, '1234567.89'],
  ])('%i cents → %j', (cents, expected) => {
    expect(x12Amount(cents)).toBe(expected);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => x12Amount(1.5)).toThrow(RangeError);
  });
});
