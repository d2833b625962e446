import { describe, expect, it } from 'vitest';
import { matchClaim, matchLines, type ClaimLineOnFile } from './era-match.ts';
import type { Claim835, ServiceLine835 } from './read-835.ts';

const ours: ClaimLineOnFile[] = [
  {
    lineId: 'a',
    lineControlNumber: 'L1',
    procedureCode: '90837',
    dateOfService: '2024-06-17',
    chargeCents: 15000,
  },
  {
    lineId: 'b',
    lineControlNumber: 'L2',
    procedureCode: '90837',
    dateOfService: '2024-06-24',
    chargeCents: 15000,
  },
  {
    lineId: 'c',
    lineControlNumber: 'L3',
    procedureCode: '90791',
    dateOfService: '2024-06-10',
    chargeCents: 20000,
  },
];

const eraLine = (fields: Partial<ServiceLine835>): ServiceLine835 => ({
  codeQualifier: 'HC',
  procedureCode: '90837',
  modifiers: [],
  chargeCents: 15000,
  paidCents: 10000,
  units: 1,
  billedProcedureCode: null,
  dateOfService: '2024-06-17',
  lineControlNumber: null,
  allowedCents: null,
  adjustments: [],
  remarkCodes: [],
  ...fields,
});

const eraClaim = (lines: ServiceLine835[], serviceDate: string | null = null): Claim835 => ({
  patientControlNumber: 'C1',
  statusCode: '1',
  reversal: false,
  forwarded: false,
  chargeCents: 0,
  paidCents: 0,
  patientResponsibilityCents: 0,
  filingIndicator: null,
  payerClaimNumber: null,
  frequency: null,
  adjustments: [],
  lines,
  patient: { lastName: null, firstName: null, memberId: null },
  serviceDate,
});

describe('matchLines', () => {
  it.each([
    [
      'by REF*6R, whatever else the line says',
      [eraLine({ lineControlNumber: 'L2', dateOfService: null })],
      ['b'],
    ],
    ['by code + date + charge without REF*6R', [eraLine({ dateOfService: '2024-06-24' })], ['b']],
    [
      'by code + date + charge when REF*6R is unknown',
      [eraLine({ lineControlNumber: 'X9' })],
      ['a'],
    ],
    ['two alike lines to two of ours, never one twice', [eraLine({}), eraLine({})], ['a', null]],
    [
      'the billed code (SVC06) when the payer paid another',
      [
        eraLine({
          procedureCode: '90834',
          billedProcedureCode: '90791',
          dateOfService: '2024-06-10',
          chargeCents: 20000,
        }),
      ],
      ['c'],
    ],
    [
      'a reversal by its charge negated',
      [eraLine({ chargeCents: -15000, paidCents: -10000 })],
      ['a'],
    ],
    ["the claim's date when the line has none", [eraLine({ dateOfService: null })], ['a']],
    ['nothing on another charge', [eraLine({ chargeCents: 14999 })], [null]],
    ['nothing on another date', [eraLine({ dateOfService: '2024-06-18' })], [null]],
  ])('matches %s', (_case, lines, expected) => {
    expect(matchLines(eraClaim(lines, '2024-06-17'), ours).lineIds).toEqual(expected);
  });

  it('says which line matched nothing', () => {
    const { problems } = matchLines(
      eraClaim([eraLine({ chargeCents: 1, lineControlNumber: 'Z1' })]),
      ours,
    );
    expect(problems).toEqual([
      "Claim C1, line 1 (90837 on 2024-06-17, line control number Z1) matches none of the claim's lines.",
    ]);
  });
});

describe('matchClaim', () => {
  it('finds the claim by patient control number only', () => {
    const claims = [
      { claimId: 'x', patientControlNumber: 'C0', lines: [], postings: [] },
      { claimId: 'y', patientControlNumber: 'C1', lines: ours, postings: [] },
    ];
    expect(matchClaim(eraClaim([eraLine({})]), claims)).toMatchObject({
      claim: { claimId: 'y' },
      lineIds: ['a'],
      problems: [],
    });
    expect(matchClaim(eraClaim([eraLine({})]), claims.slice(0, 1))).toMatchObject({
      claim: null,
      lineIds: [null],
    });
  });
});
