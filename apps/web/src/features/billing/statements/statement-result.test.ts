import { describe, expect, it } from 'vitest';

import type { MadeStatement } from './api';
import { batchSummary, oneSummary } from './statement-result';

describe('batchSummary', () => {
  it('says when nothing was made', () => {
    expect(batchSummary({ created: 0, emailed: 0, withoutEmail: 0 }, true)).toMatch(
      /^No statements made/,
    );
  });

  it('counts what was made and emailed, and who has no address', () => {
    expect(batchSummary({ created: 3, emailed: 2, withoutEmail: 1 }, true)).toBe(
      '3 statements made. 2 emailed to the responsible party. 1 client has no email address: download theirs from the statements report.',
    );
  });

  it('points to the report when nothing was to be emailed', () => {
    expect(batchSummary({ created: 1, emailed: 0, withoutEmail: 0 }, false)).toBe(
      '1 statement made. None emailed: download them from the statements report.',
    );
  });
});

describe('oneSummary', () => {
  const statement = {
    statementId: 7,
    clientName: 'Ada Lovelace',
    from: '2026-10-01',
    to: '2026-10-31',
    amountDueCents: 12_500,
    emailedAt: null,
  } as MadeStatement;

  it('names the client, the period and the amount due', () => {
    expect(oneSummary(statement, false)).toBe(
      'Statement made for Ada Lovelace, 10/01/2026 to 10/31/2026: amount due $125.00.',
    );
  });

  it('says whether it was emailed', () => {
    expect(oneSummary(statement, true)).toMatch(/Not emailed: the responsible party/);
    expect(oneSummary({ ...statement, emailedAt: '2026-11-01T10:00:00Z' }, true)).toMatch(
      /Emailed to the responsible party\.$/,
    );
  });
});
