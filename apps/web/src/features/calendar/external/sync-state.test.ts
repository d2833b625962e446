import { describe, expect, it } from 'vitest';

import { allSucceeded, eventCountText, syncStateText } from './sync-state';

describe('syncStateText', () => {
  const at = '2026-11-21T16:05:00.000Z';
  it.each([
    [
      { lastSyncedAt: null, lastSyncStatus: 'never', lastSyncError: null, skipped: false },
      /^Not synced yet\.$/,
    ],
    [
      { lastSyncedAt: at, lastSyncStatus: 'success', lastSyncError: null, skipped: false },
      /^Last synced 11\/21\/2026 at \d{1,2}:05 [AP]M\.$/,
    ],
    [
      {
        lastSyncedAt: at,
        lastSyncStatus: 'failure',
        lastSyncError: 'The calendar address answered 404 (Not Found).',
        skipped: false,
      },
      /^Last sync failed 11\/21\/2026 at \d{1,2}:05 [AP]M: The calendar address answered 404 \(Not Found\)\.$/,
    ],
    [
      { lastSyncedAt: at, lastSyncStatus: 'success', lastSyncError: null, skipped: true },
      /^Holiday or contacts calendar/,
    ],
  ] as const)('%j', (calendar, text) => {
    expect(syncStateText(calendar)).toMatch(text);
  });
});

describe('eventCountText and allSucceeded', () => {
  it.each([
    [0, '0 busy items'],
    [1, '1 busy item'],
    [12, '12 busy items'],
  ])('%i → %s', (n, text) => {
    expect(eventCountText(n)).toBe(text);
  });

  it.each([
    [[], true],
    [[{ status: 'success' }], true],
    [[{ status: 'success' }, { status: 'failure', message: 'x' }], false],
  ] as const)('%j → %s', (results, ok) => {
    expect(allSucceeded(results)).toBe(ok);
  });
});
