import { describe, expect, it } from 'vitest';
import { isIcd10, isPoBox } from './claim-values.ts';
import {
  correctedClaim,
  delimiterClaim,
  dependentClaim,
  groupClaim,
  individualClaim,
  secondaryClaim,
} from './fixtures/claims.ts';
import { claimRows } from './fixtures/scrub-rows-claim.ts';
import { cleanContext as context, partyRows, withLine } from './fixtures/scrub-rows-parties.ts';
import type { Claim } from './model.ts';
import { CLAIM_PROBLEM_CODES, CLAIM_RULES } from './problems.ts';
import { scrubClaim, type ScrubContext } from './scrub.ts';

const rows = [...partyRows, ...claimRows];

describe('scrubClaim', () => {
  it.each<[string, Claim]>([
    ['individual', individualClaim],
    ['group', groupClaim],
    ['dependent', dependentClaim],
    ['secondary', secondaryClaim],
    ['corrected', correctedClaim],
    ['delimiters in names', delimiterClaim],
  ])('finds nothing wrong with the %s claim', (_label, claim) => {
    expect(scrubClaim(claim, context)).toEqual({ errors: [], warnings: [] });
  });

  it.each(rows)('%s → %s', (_label, code, field, fix, claim, change = {}) => {
    const result = scrubClaim(claim, { ...context, ...change });
    const list = CLAIM_RULES[code].severity === 'error' ? result.errors : result.warnings;
    expect(list).toContainEqual({ code, field, fix, message: expect.stringMatching(/\S/) });
  });

  it('has a row for every rule', () => {
    const tested = new Set(rows.map((row) => row.at(1)));
    expect(CLAIM_PROBLEM_CODES.filter((code) => !tested.has(code))).toEqual([]);
  });

  it('names the line and the code in line messages', () => {
    const result = scrubClaim(withLine(individualClaim, 1, { chargeCents: null }), context);
    expect(result.errors.map((p) => p.message)).toEqual([
      'Service 2 (90837): there is no fee for this service.',
    ]);
  });

  it.each<[string, Partial<ScrubContext>]>([
    ['signed notes not required', { requireSignedNotes: false, unsignedNoteLines: ['L1001-2'] }],
    ['no timely filing limit known', { today: '2026-01-01', payer: { timelyFilingDays: null } }],
    ['authorisation on file', { payer: { requiresAuthorisation: true } }],
  ])('leaves a rule out when its context says so: %s', (_label, change) => {
    const claim = { ...individualClaim, priorAuthorisation: 'AUTH-1' };
    expect(scrubClaim(claim, { ...context, ...change }).errors).toEqual([]);
  });

  it('allows a PO box as the pay-to address only', () => {
    expect(isPoBox(groupClaim.billing.payTo!)).toBe(true);
    expect(scrubClaim(groupClaim, context).errors).toEqual([]);
  });

  it('warns 30 days before the limit and errs the day after it', () => {
    const codes = (today: string) => {
      const result = scrubClaim(individualClaim, { ...context, today });
      return [...result.errors, ...result.warnings].map((p) => p.code);
    };
    expect(codes('2024-08-16')).toEqual([]); // 60 days after 2024-06-17
    expect(codes('2024-08-17')).toEqual(['timelyFilingSoon']);
    expect(codes('2024-09-15')).toEqual(['timelyFilingSoon']); // 90 days: the last day allowed
    expect(codes('2024-09-16')).toEqual(['timelyFilingPassed']);
  });
});

describe('isIcd10', () => {
  it.each<[string, boolean]>([
    ['F41.1', true],
    ['F411', true],
    ['f41.1', true],
    ['Z63.0', true],
    ['F32.A', true],
    ['F43.10', true],
    ['S06.0X1A', true],
    ['F41', true],
    ['41.1', false],
    ['F4', false],
    ['F41.', false],
    ['F41.12345', false],
    ['FF1', false],
    ['F41..1', false],
    ['', false],
  ])('%j → %s', (code, valid) => {
    expect(isIcd10(code)).toBe(valid);
  });
});
