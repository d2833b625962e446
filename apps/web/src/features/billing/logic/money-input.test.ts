import { describe, expect, it } from 'vitest';

import { centsToInput, MONEY_MESSAGES, readMoney } from './money-input';

describe('readMoney', () => {
  it.each([
    ['20', 2000],
    ['20.5', 2050],
    ['$1,234.56', 123456],
    ['.99', 99],
    [' 7.00 ', 700],
  ])('reads %j as %i cents', (text, cents) => {
    expect(readMoney(text)).toEqual({ cents });
  });

  it.each([
    ['', MONEY_MESSAGES.required],
    ['   ', MONEY_MESSAGES.required],
    ['-5', MONEY_MESSAGES.negative],
    ['$-5.00', MONEY_MESSAGES.negative],
    ['10.005', MONEY_MESSAGES.fractionalCents],
    ['1.999', MONEY_MESSAGES.fractionalCents],
    ['ten', MONEY_MESSAGES.notAnAmount],
    ['1e3', MONEY_MESSAGES.notAnAmount],
    ['0', MONEY_MESSAGES.zero],
    ['0.00', MONEY_MESSAGES.zero],
  ])('refuses %j: %s', (text, error) => {
    expect(readMoney(text)).toEqual({ error });
  });

  it('refuses more than the limit given, naming it', () => {
    expect(readMoney('50.01', 5000)).toEqual({ error: 'Enter at most $50.00.' });
    expect(readMoney('50', 5000)).toEqual({ cents: 5000 });
  });

  it('refuses more than the API can take', () => {
    expect(readMoney('99999999')).toEqual({ error: MONEY_MESSAGES.tooLarge(2_147_483_647) });
  });
});

describe('centsToInput', () => {
  it('writes cents as an editable amount, nothing for zero', () => {
    expect(centsToInput(12345)).toBe('123.45');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(0)).toBe('');
  });
});
