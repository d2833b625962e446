import { describe, expect, it } from 'vitest';

import { appPathFromUrl, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/calendar', '/calendar'],
    ['/client/12?tab=billing#notes', '/client/12?tab=billing#notes'],
    ['/reporting/../client/1', '/client/1'],
  ])('keeps the in-app path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['calendar'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    [' /calendar'],
  ])('sends %j home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});

describe('appPathFromUrl', () => {
  it('strips the app basename and keeps the query', () => {
    expect(appPathFromUrl('http://localhost:3000/n/client/5?tab=x')).toBe('/client/5?tab=x');
    expect(appPathFromUrl('http://localhost:3000/n/')).toBe('/');
    expect(appPathFromUrl('http://localhost:3000/n')).toBe('/');
  });
});
