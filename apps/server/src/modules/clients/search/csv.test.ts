import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 207', "'+1 207"],
    ['-3', "'-3"],
    ['@cmd', "'@cmd"],
    [null, ''],
    [42, '42'],
    [['Ann Lee', 'Bo Ray'], 'Ann Lee; Bo Ray'],
  ])('%j → %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});
