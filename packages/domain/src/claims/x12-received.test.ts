import { describe, expect, it } from 'vitest';
import { envelopeIssues, parseX12, X12Error } from '../x12/segments.ts';
import { RECEIVED_FIXTURES } from './fixtures/received.ts';
import { cents, transactionsOf, type ReceivedSet } from './x12-received.ts';

/** What makes a received file valid X12 for these tests: the fixed 106-character ISA, sound counts. */
function fixtureIssues(text: string): string[] {
  const isaLength = text.indexOf('~') + 1;
  const issues = isaLength === 106 ? [] : [`ISA is ${isaLength} characters, not 106.`];
  return [...issues, ...envelopeIssues(parseX12(text).segments)];
}

const setOf = (name: string): ReceivedSet =>
  name.includes('999') ? '999' : name.includes('277ca') ? '277' : '835';

describe('received fixtures', () => {
  it.each(Object.entries(RECEIVED_FIXTURES))('%s is valid X12 of its set', (name, text) => {
    expect(fixtureIssues(text)).toEqual([]);
    expect(transactionsOf(parseX12(text), setOf(name)).length).toBeGreaterThan(0);
  });
});

const paid = RECEIVED_FIXTURES['era-paid-in-full.x12'];
const withoutTrailer = paid.slice(0, paid.indexOf('GE*'));
const withoutSe = paid.replace(/SE\*\d+\*0001~\n/, '');
const wrongCount = paid.replace(/SE\*\d+\*/, 'SE*99*');

describe('transactionsOf refuses bad input with a clear X12Error', () => {
  it.each([
    ['a truncated file', withoutTrailer, '835', /incomplete \(truncated\)/],
    ['a transaction without SE', withoutSe, '835', /Transaction 0001 has no SE/],
    ['a wrong segment count', wrongCount, '835', /SE01 is 99 but the transaction has/],
    [
      'another transaction set',
      paid,
      '999',
      /not a 999 implementation acknowledgment: it holds 835/,
    ],
    [
      'an 835 where a 277CA was expected',
      RECEIVED_FIXTURES['era-denied.x12'],
      '277',
      /not a 277CA claim acknowledgment/,
    ],
  ] as const)('%s', (_case, text, set, message) => {
    expect(() => transactionsOf(parseX12(text), set)).toThrow(X12Error);
    expect(() => transactionsOf(parseX12(text), set)).toThrow(message);
  });

  it('refuses text that is not X12 at all', () => {
    expect(() => parseX12('Dear biller, please find our payment enclosed.')).toThrow(X12Error);
  });
});

describe('cents', () => {
  it.each([
    ['134.9', 13490],
    ['75.1', 7510],
    ['-90', -9000],
    ['0.005', 1],
    ['120.25', 12025],
    ['.5', 50],
  ])('%s is %i cents', (value, expected) => {
    expect(cents({ id: 'AMT', elements: ['B6', value] }, 2)).toBe(expected);
  });

  it('refuses an amount that is not a number instead of posting it as zero', () => {
    expect(() => cents({ id: 'CLP', elements: ['C1', '1', 'ABC'] }, 3)).toThrow(
      'CLP03 is not an amount: "ABC".',
    );
  });
});
