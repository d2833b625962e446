import { describe, expect, it } from 'vitest';
import { element, envelopeIssues, parseX12, type X12Segment } from '../x12/segments.ts';
import { build837P } from './build-837p.ts';
import { claimTotalCents } from './claim-values.ts';
import { batchHeader } from './fixtures/claims.ts';
import { billingProvider, Gen, randomClaim, seededRandom } from './fixtures/random-claims.ts';
import type { Claim } from './model.ts';
import { scrubClaim } from './scrub.ts';

/** HL problems of one transaction: numbering, parent links, levels and child codes. */
function hlIssues(transaction: readonly X12Segment[]): string[] {
  const issues: string[] = [];
  const levels = new Map<string, string>();
  const hls = transaction.filter((s) => s.id === 'HL');
  hls.forEach((hl, index) => {
    const [id = '', parent = '', level = '', child = ''] = hl.elements;
    if (id !== String(index + 1)) issues.push(`HL ${id} out of sequence`);
    const expectedParentLevel = { '20': undefined, '22': '20', '23': '22' }[level];
    if (level === '20' ? parent !== '' : levels.get(parent) !== expectedParentLevel)
      issues.push(`HL ${id} (${level}) has parent ${parent}`);
    const hasChild = hls.some((other) => element(other, 2) === id);
    if (child !== (hasChild ? '1' : '0')) issues.push(`HL ${id} child code ${child}`);
    levels.set(id, level);
  });
  return issues;
}

/** The transactions (ST…SE) of an interchange. */
function transactions(segments: readonly X12Segment[]): X12Segment[][] {
  const out: X12Segment[][] = [];
  for (const segment of segments) {
    if (segment.id === 'ST') out.push([]);
    out.at(-1)?.push(segment);
  }
  return out;
}

/** Each claim's CLM02 and the sum of its SV102s, in cents, from the file. */
function claimSums(segments: readonly X12Segment[]): [number, number][] {
  const sums: [number, number][] = [];
  for (const segment of segments) {
    const amount = Math.round(Number(element(segment, 2)) * 100);
    if (segment.id === 'CLM') sums.push([amount, 0]);
    const last = sums.at(-1);
    if (segment.id === 'SV1' && last) last[1] += amount;
  }
  return sums;
}

/** Name and address elements carry only the basic character set (the ':' of composites is elsewhere). */
const BASIC = /^[A-Z0-9 !"&'()+,\-./;?=]*$/;
const TEXT_SEGMENTS = new Set(['NM1', 'N3', 'N4', 'PER']);

const RUNS = 150;

describe('build837P on random claims (seeded)', () => {
  it.each(Array.from({ length: RUNS }, (_, i) => i + 1))('seed %i', (seed) => {
    const gen = new Gen(seededRandom(seed));
    const providers = Array.from({ length: gen.int(1, 3) }, () => billingProvider(gen));
    const claims: Claim[] = Array.from({ length: gen.int(1, 8) }, (_, i) =>
      randomClaim(gen, gen.pick(providers), i),
    );
    for (const claim of claims) {
      expect(scrubClaim(claim, { today: '2024-07-01' }).errors).toEqual([]);
    }
    const control = {
      interchangeControlNumber: gen.int(1, 999_999_999),
      groupControlNumber: gen.int(1, 999_999_999),
      transactionControlNumber: gen.int(1, 99_999),
    };
    const result = build837P({ ...batchHeader, ...control, claims });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));

    const read = parseX12(result.text).segments;
    expect(read).toEqual(result.segments);
    expect(envelopeIssues(read)).toEqual([]);
    expect(element(read[0]!, 13)).toBe(String(control.interchangeControlNumber).padStart(9, '0'));
    expect(element(read[1]!, 6)).toBe(String(control.groupControlNumber));
    const sts = transactions(read);
    expect(sts).toHaveLength(1);
    expect(element(sts[0]![0]!, 2)).toBe(String(control.transactionControlNumber).padStart(4, '0'));
    expect(hlIssues(sts[0]!)).toEqual([]);

    expect(read.filter((s) => s.id === 'CLM')).toHaveLength(claims.length);
    expect(read.filter((s) => s.id === 'LX')).toHaveLength(
      claims.reduce((n, c) => n + c.lines.length, 0),
    );
    const expectedTotals = claims.map(claimTotalCents).sort((a, b) => a - b);
    const sums = claimSums(read);
    expect(sums.map(([clm]) => clm).sort((a, b) => a - b)).toEqual(expectedTotals);
    for (const [clm, lines] of sums) expect(lines).toBe(clm);
    for (const segment of read.filter((s) => TEXT_SEGMENTS.has(s.id))) {
      for (const value of segment.elements) expect(value).toMatch(BASIC);
    }
  });
});
