import { afterEach, describe, expect, it } from 'vitest';

import { MAX_OFFSET, offsetError, readPrintSettings, savePrintSettings } from './print-settings';

/** The CMS-1500 print settings: remembered in this browser, and never beyond the server's bounds. */

afterEach(() => {
  localStorage.clear();
});

describe('print settings', () => {
  it('start on plain paper with no offset', () => {
    expect(readPrintSettings()).toEqual({ mode: 'form', offsetX: 0, offsetY: 0 });
  });

  it('are remembered', () => {
    savePrintSettings({ mode: 'data', offsetX: 3.5, offsetY: -2 });
    expect(readPrintSettings()).toEqual({ mode: 'data', offsetX: 3.5, offsetY: -2 });
  });

  it('forget what is stored wrong instead of sending it', () => {
    localStorage.setItem('openpractice.claimPrint', '{"mode":"red","offsetX":500,"offsetY":"x"}');
    expect(readPrintSettings()).toEqual({ mode: 'form', offsetX: 0, offsetY: 0 });
    localStorage.setItem('openpractice.claimPrint', 'not json');
    expect(readPrintSettings()).toEqual({ mode: 'form', offsetX: 0, offsetY: 0 });
  });

  it.each<[string, string | undefined]>([
    ['0', undefined],
    ['-7.2', undefined],
    [String(MAX_OFFSET), undefined],
    [String(MAX_OFFSET + 1), `Between -${String(MAX_OFFSET)} and ${String(MAX_OFFSET)} points.`],
    ['', 'Enter a number of points.'],
    ['abc', 'Enter a number of points.'],
  ])('offset %j: %s', (text, error) => {
    expect(offsetError(text)).toBe(error);
  });
});
