import { describe, expect, it } from 'vitest';

import { singleMatch } from './single-match';

const base = {
  enabled: true,
  typed: 'ivy',
  search: 'ivy',
  answer: { search: 'ivy', rows: ['Ivy'] },
  fetching: false,
  declined: null,
};

describe('singleMatch', () => {
  it.each<[string, Partial<Parameters<typeof singleMatch<string>>[0]>, string | undefined]>([
    ['one match for the settled text', {}, 'Ivy'],
    ['not asked to choose', { enabled: false }, undefined],
    ['nothing typed', { typed: '', search: '', answer: { search: '', rows: ['Ivy'] } }, undefined],
    ['still settling (typed on since the search)', { typed: 'ivy t' }, undefined],
    [
      'an answer to an earlier, shorter text',
      { answer: { search: 'iv', rows: ['Ivy'] } },
      undefined,
    ],
    ['no answer yet', { answer: undefined }, undefined],
    ['the search being fetched again', { fetching: true }, undefined],
    ['two matches', { answer: { search: 'ivy', rows: ['Ivy', 'Ivy B'] } }, undefined],
    ['no match', { answer: { search: 'ivy', rows: [] } }, undefined],
    ['the text whose choice was undone', { declined: 'ivy' }, undefined],
    ['another text after an undone choice', { declined: 'iv' }, 'Ivy'],
  ])('%s', (_name, change, expected) => {
    expect(singleMatch({ ...base, ...change })).toBe(expected);
  });
});
