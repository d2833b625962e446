import { describe, expect, it } from 'vitest';
import { envelopeIssues, parseX12, serializeSegment, type X12Segment } from '../x12/segments.ts';
import { build837P, MAX_CLAIMS_PER_TRANSACTION, type Claim837Batch } from './build-837p.ts';
import {
  batchHeader,
  correctedClaim,
  delimiterClaim,
  dependentClaim,
  groupClaim,
  individualClaim,
  secondaryClaim,
} from './fixtures/claims.ts';
import corrected from './fixtures/corrected.x12?raw';
import delimiters from './fixtures/delimiters.x12?raw';
import dependent from './fixtures/dependent.x12?raw';
import group from './fixtures/group.x12?raw';
import individual from './fixtures/individual.x12?raw';
import secondary from './fixtures/secondary.x12?raw';
import type { Claim } from './model.ts';

function built(claims: Claim[], change: Partial<Claim837Batch> = {}): X12Segment[] {
  const result = build837P({ ...batchHeader, ...change, claims });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.segments;
}

const lines = (segments: X12Segment[]) => segments.map((s) => `${serializeSegment(s)}~`);
const goldenLines = (text: string) => text.split('\n').filter((line) => line !== '');
const ids = (segments: X12Segment[]) => segments.map((s) => `${s.id}*${s.elements[0] ?? ''}`);

describe('build837P golden files', () => {
  it.each<[string, Claim, string]>([
    ['individual provider', individualClaim, individual],
    ['group with rendering, facility and supervising providers', groupClaim, group],
    ['dependent (client is not the subscriber)', dependentClaim, dependent],
    ['secondary after the primary’s ERA', secondaryClaim, secondary],
    ['corrected claim (frequency 7)', correctedClaim, corrected],
    ['name and address with *, ~, :, ^ and accents', delimiterClaim, delimiters],
  ])('%s', (_label, claim, golden) => {
    const actual = lines(built([claim]));
    const expected = goldenLines(golden);
    actual.forEach((segment, index) => {
      expect(segment, `segment ${index + 1}`).toBe(expected[index]);
    });
    expect(actual).toHaveLength(expected.length);
  });

  it.each([individual, group, dependent, secondary, corrected, delimiters])(
    'each golden file reads back with a sound envelope',
    (golden) => {
      expect(envelopeIssues(parseX12(golden).segments)).toEqual([]);
    },
  );
});

describe('build837P', () => {
  it('keeps delimiters out of values and transliterates before stripping', () => {
    const segments = built([delimiterClaim]);
    const reread = parseX12(lines(segments).join('')).segments;
    expect(reread).toEqual(segments);
    const subscriber = segments.find((s) => s.id === 'NM1' && s.elements[0] === 'IL');
    expect(subscriber?.elements.slice(2, 4)).toEqual(['O BRIEN NUNEZ', 'JOSE LUIS']);
    expect(segments.find((s) => s.id === 'N3')?.elements).toEqual(['12 MAIN ST', 'SUITE 4']);
  });

  it('sends 2010AB only when the pay-to address differs from the billing address', () => {
    const samePlace = { ...groupClaim.billing, payTo: { ...groupClaim.billing.address } };
    expect(ids(built([groupClaim]))).toContain('NM1*87');
    expect(ids(built([{ ...groupClaim, billing: samePlace }]))).not.toContain('NM1*87');
  });

  it('sends 2310B, 2310C and 2310D only when they differ from the billing provider', () => {
    const billingNpi = groupClaim.billing.npi;
    const sameRendering: Claim = {
      ...groupClaim,
      rendering: { ...groupClaim.rendering!, npi: billingNpi },
      serviceFacility: { ...groupClaim.serviceFacility!, address: groupClaim.billing.address },
    };
    const sameSupervisor: Claim = {
      ...groupClaim,
      supervising: { ...groupClaim.supervising!, npi: billingNpi },
    };
    expect(ids(built([groupClaim]))).toEqual(
      expect.arrayContaining(['NM1*82', 'NM1*77', 'NM1*DQ']),
    );
    expect(ids(built([sameRendering]))).not.toContain('NM1*82');
    expect(ids(built([sameRendering]))).not.toContain('NM1*77');
    expect(ids(built([sameSupervisor]))).not.toContain('NM1*DQ');
    expect(ids(built([sameSupervisor]))).toContain('NM1*82');
  });

  it('sends 2000C only when the client is not the subscriber', () => {
    expect(ids(built([individualClaim])).filter((id) => id.startsWith('HL'))).toHaveLength(2);
    const hl = built([dependentClaim]).filter((s) => s.id === 'HL');
    expect(hl.map((s) => s.elements)).toEqual([
      ['1', '', '20', '1'],
      ['2', '1', '22', '1'],
      ['3', '2', '23', '0'],
    ]);
  });

  it('batches claims in one transaction, one 2000A per billing provider', () => {
    const segments = built([individualClaim, groupClaim, dependentClaim, secondaryClaim]);
    expect(envelopeIssues(segments)).toEqual([]);
    expect(segments.filter((s) => s.id === 'ST')).toHaveLength(1);
    expect(segments.filter((s) => s.id === 'CLM').map((s) => s.elements[0])).toEqual([
      'C1001-1',
      'C1003-1',
      'C1001-2',
      'C2002-1',
    ]);
    const hl = segments.filter((s) => s.id === 'HL').map((s) => s.elements.join('*'));
    expect(hl).toEqual([
      '1**20*1',
      '2*1*22*0',
      '3*1*22*1',
      '4*3*23*0',
      '5*1*22*0',
      '6**20*1',
      '7*6*22*0',
    ]);
  });

  it('splits more than 5000 claims into transactions of the same group', () => {
    const claims = Array.from({ length: MAX_CLAIMS_PER_TRANSACTION + 1 }, (_, i) => ({
      ...dependentClaim,
      patientControlNumber: `C${i}`,
    }));
    const result = build837P({ ...batchHeader, transactionControlNumber: 41, claims });
    if (!result.ok) throw new Error('expected ok');
    expect(result.transactionControlNumbers).toEqual(['0041', '0042']);
    expect(envelopeIssues(result.segments)).toEqual([]);
    expect(result.segments.at(-2)?.elements).toEqual(['2', '1201']);
  });

  it.each<[string, Partial<Claim837Batch>, string]>([
    ['interchange control number 0', { interchangeControlNumber: 0 }, 'interchangeControlNumber'],
    ['bad time', { time: '25:00' }, 'time'],
    [
      'phone of 7 digits',
      { submitter: { ...batchHeader.submitter, phone: '555-1234' } },
      'submitter.phone',
    ],
    ['no receiver name', { receiverName: ' ' }, 'receiverName'],
    ['no claims', { claims: [] }, 'claims'],
    [
      'a claim without a policy',
      { claims: [{ ...individualClaim, policy: null }] },
      'claims[0].policy',
    ],
    [
      'a claim without a fee',
      {
        claims: [
          individualClaim,
          { ...groupClaim, lines: [{ ...groupClaim.lines[0]!, chargeCents: null }] },
        ],
      },
      'claims[1].lines[0].chargeCents',
    ],
  ])('refuses %s', (_label, change, field) => {
    const result = build837P({ ...batchHeader, claims: [individualClaim], ...change });
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toContain(field);
  });

  it('writes a claim with only warnings', () => {
    const telehealth = { ...individualClaim, placeOfService: '10' };
    expect(built([telehealth]).find((s) => s.id === 'CLM')?.elements[4]).toBe('10:B:1');
  });
});
