import { describe, expect, it } from 'vitest';
import { build270 } from './eligibility-270.ts';
import type { Eligibility270Input } from './input-270.ts';
import { parse271 } from './eligibility-271.ts';
import { echo271 } from './echo-271.ts';
import {
  ACTIVE_COMMERCIAL_271,
  DEPENDENT_271,
  INACTIVE_271,
  PAYER_UNAVAILABLE_271,
  QUANTITY_USED_271,
  REJECTED_MEMBER_ID_271,
  VISIT_LIMITS_271,
} from './fixtures/responses-271.ts';
import { read270 } from './read-270.ts';
import { envelopeIssues, parseX12, serializeSegment, X12Error } from './segments.ts';

const subscriberRequest: Eligibility270Input = {
  sender: { id: 'OPENPRACTICE' },
  receiver: { id: 'CLEARINGHOUSE' },
  payer: { name: 'Aetna', payerId: '60054' },
  provider: { npi: '1234567893', firstName: 'Theresa', lastName: 'Quinn' },
  interchangeControlNumber: 77,
  groupControlNumber: 77,
  transactionControlNumber: 77,
  traceNumber: 'ELIG000000077',
  date: '2026-03-02',
  time: '14:05',
  subscriber: {
    memberId: 'W000000002',
    firstName: 'Margaret',
    lastName: 'Hamilton',
    dob: '1985-06-15',
    gender: 'F',
  },
  serviceTypeCodes: ['MH'],
  usage: 'T',
};

const dependentRequest: Eligibility270Input = {
  ...subscriberRequest,
  subscriber: { memberId: 'W000000002', firstName: 'George', lastName: 'Hamilton' },
  dependent: {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    dob: '2012-07-04',
    relationship: 'child',
  },
};

function text270(input: Eligibility270Input): string {
  const result = build270(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.text;
}

const lines = (x12: string): string[] =>
  parseX12(x12).segments.map((s) => serializeSegment(s, parseX12(x12).delimiters));

describe('read270', () => {
  it('reads back what build270 wrote', () => {
    const request = read270(text270(dependentRequest));
    expect(request).toMatchObject({
      interchange: {
        senderId: 'OPENPRACTICE',
        receiverId: 'CLEARINGHOUSE',
        senderQualifier: 'ZZ',
        date: '260302',
        time: '1405',
        controlNumber: '000000077',
        usage: 'T',
      },
      group: { senderCode: 'OPENPRACTICE', receiverCode: 'CLEARINGHOUSE', controlNumber: '77' },
      transactionControlNumber: '0077',
      referenceId: 'ELIG000000077',
      payer: { name: 'AETNA', id: '60054' },
      providerName: ['1P', '1', 'QUINN', 'THERESA', '', '', '', 'XX', '1234567893'],
      trace: { number: 'ELIG000000077', entityId: '9123456789' },
      subscriber: { lastName: 'HAMILTON', firstName: 'GEORGE', memberId: 'W000000002', dob: null },
      dependent: {
        lastName: 'HAMILTON',
        firstName: 'MARGARET',
        dob: '20120704',
        relationshipCode: '19',
      },
      serviceDate: '20260302',
      serviceTypeCodes: ['MH'],
    });
  });

  it.each([
    ['not X12', 'hello'],
    ['a 271', ACTIVE_COMMERCIAL_271],
  ])('refuses %s', (_label, text) => {
    expect(() => read270(text)).toThrow(X12Error);
  });
});

describe('echo271 for a subscriber inquiry', () => {
  const request = text270(subscriberRequest);
  const answer = echo271(ACTIVE_COMMERCIAL_271, request);
  const segments = lines(answer);

  it.each<[number, string]>([
    [
      0,
      'ISA*00*          *00*          *ZZ*CLEARINGHOUSE  *ZZ*OPENPRACTICE   *260302*1405*^*00501*000000077*0*T*:',
    ],
    [1, 'GS*HB*CLEARINGHOUSE*OPENPRACTICE*20260302*1405*77*X*005010X279A1'],
    [2, 'ST*271*0077*005010X279A1'],
    [3, 'BHT*0022*11*ELIG000000077*20260302*1405'],
    [5, 'NM1*PR*2*AETNA*****PI*60054'],
    [8, 'NM1*1P*1*QUINN*THERESA****XX*1234567893'],
    [9, 'HL*3*2*22*0'],
    [10, 'TRN*2*ELIG000000077*9123456789'],
    [11, 'TRN*1*PAYERTRN77*9877281234'],
    [12, 'NM1*IL*1*HAMILTON*MARGARET****MI*W000000002'],
    [16, 'DMG*D8*19850615*F'],
  ])('segment %i is %s', (index, expected) => {
    expect(segments[index]).toBe(expected);
  });

  it('keeps the sample benefits and has a sound envelope', () => {
    expect(envelopeIssues(parseX12(answer).segments)).toEqual([]);
    const parsed = parse271(answer, { serviceTypes: ['MH'] });
    expect(parsed.traceNumber).toBe('ELIG000000077');
    expect(parsed.coverage).toBe('active');
    expect(parsed.summary.copayCents).toBe(3000);
    expect(parsed.summary.deductibleRemainingCents).toBe(100050);
    expect(parsed.subscriber).toMatchObject({
      firstName: 'MARGARET',
      lastName: 'HAMILTON',
      memberId: 'W000000002',
      dob: '1985-06-15',
      groupNumber: 'GRP5500',
    });
    expect(parsed.payer).toEqual({ name: 'AETNA', id: '60054' });
    expect(parsed.provider).toEqual({ name: 'THERESA QUINN', npi: '1234567893' });
  });

  it('collapses a sample dependent into the subscriber (its benefits become the subscriber’s)', () => {
    const collapsed = echo271(DEPENDENT_271, request);
    expect(envelopeIssues(parseX12(collapsed).segments)).toEqual([]);
    expect(collapsed).toContain('HL|3|2|22|0~');
    expect(collapsed).not.toContain('|23|');
    expect(collapsed).not.toContain('INS|');
    const parsed = parse271(collapsed);
    expect(parsed.dependent).toBeNull();
    expect(parsed.traceNumber).toBe('ELIG000000077');
    expect(parsed.subscriber?.firstName).toBe('MARGARET');
    expect(parsed.coverage).toBe('active');
    expect(parsed.summary.copayCents).toBe(2500);
    expect(parsed.planBegin).toBe('2024-01-01');
  });

  it('answers with newline-terminated segments when the sample uses them', () => {
    const answerText = echo271(VISIT_LIMITS_271, request);
    expect(answerText.split('\n')[2]).toBe('ST*271*0077*005010X279A1');
    const parsed = parse271(answerText);
    expect(parsed.summary).toMatchObject({ visitLimit: 30, visitsRemaining: 18 });
    expect(envelopeIssues(parseX12(answerText).segments)).toEqual([]);
  });

  it('keeps a payer-level rejection (no subscriber loop) and its reason', () => {
    const parsed = parse271(echo271(PAYER_UNAVAILABLE_271, request));
    expect(parsed.payer).toEqual({ name: 'AETNA', id: '60054' });
    expect(parsed.rejections.map((r) => [r.loop, r.code])).toEqual([['2100A', '42']]);
    expect(parsed.subscriber).toBeNull();
  });

  it('keeps subscriber rejections', () => {
    const parsed = parse271(echo271(REJECTED_MEMBER_ID_271, request));
    expect(parsed.rejections.map((r) => r.code)).toEqual(['72', '58']);
    expect(parsed.traceNumber).toBe('ELIG000000077');
  });
});

describe('echo271 for a dependent inquiry', () => {
  const request = text270(dependentRequest);

  it('moves a subscriber-only sample’s plan dates and benefits into a new dependent loop', () => {
    const answer = echo271(ACTIVE_COMMERCIAL_271, request);
    const segments = lines(answer);
    expect(envelopeIssues(parseX12(answer).segments)).toEqual([]);
    const hl = segments.filter((s) => s.startsWith('HL*'));
    expect(hl).toEqual(['HL*1**20*1', 'HL*2*1*21*1', 'HL*3*2*22*1', 'HL*4*3*23*0']);
    const dependentAt = segments.indexOf('HL*4*3*23*0');
    expect(segments.slice(dependentAt + 1, dependentAt + 6)).toEqual([
      'TRN*2*ELIG000000077*9123456789',
      'TRN*1*PAYERTRN77*9877281234',
      'NM1*03*1*HAMILTON*MARGARET',
      'DMG*D8*20120704',
      'INS*N*19',
    ]);
    const subscriberLoop = segments.slice(segments.indexOf('HL*3*2*22*1') + 1, dependentAt);
    expect(subscriberLoop).toEqual([
      'NM1*IL*1*HAMILTON*GEORGE****MI*W000000002',
      'REF*6P*GRP5500*ACME CORP EMPLOYEES',
      'N3*12 MAIN ST',
      'N4*SPRINGFIELD*IL*62701',
    ]);
    const parsed = parse271(answer, { serviceTypes: ['MH'] });
    expect(parsed.dependent).toMatchObject({
      firstName: 'MARGARET',
      dob: '2012-07-04',
      relationshipCode: '19',
    });
    expect(parsed.coverage).toBe('active');
    expect(parsed.planEnd).toBe('2024-12-31');
    expect(parsed.summary.coinsurancePercent).toBe(20);
  });

  it('rewrites a sample dependent loop in place', () => {
    const answer = echo271(DEPENDENT_271, request);
    expect(envelopeIssues(parseX12(answer).segments)).toEqual([]);
    const parsed = parse271(answer);
    expect(parsed.subscriber).toMatchObject({
      firstName: 'GEORGE',
      memberId: 'W000000002',
      dob: null,
    });
    expect(parsed.dependent).toMatchObject({
      firstName: 'MARGARET',
      lastName: 'HAMILTON',
      relationshipCode: '19',
    });
    expect(parsed.traceNumber).toBe('ELIG000000077');
    expect(parsed.summary.copayCents).toBe(2500);
  });

  it.each([
    ['inactive', INACTIVE_271, 'inactive'],
    ['quantity used', QUANTITY_USED_271, 'active'],
  ])('answers from the %s sample', (_label, sample, coverage) => {
    const answer = echo271(sample, request);
    expect(envelopeIssues(parseX12(answer).segments)).toEqual([]);
    expect(parse271(answer).coverage).toBe(coverage);
  });
});

describe('echo271 refuses what it cannot answer', () => {
  it.each([
    ['a sample that is not X12', 'not x12', text270(subscriberRequest)],
    ['a request that is not a 270', ACTIVE_COMMERCIAL_271, ACTIVE_COMMERCIAL_271],
    ['a sample with no 271 transaction', text270(subscriberRequest), text270(subscriberRequest)],
  ])('%s', (_label, sample, request) => {
    expect(() => echo271(sample, request)).toThrow(X12Error);
  });

  it('keeps names free of the sample’s separators', () => {
    const request = text270({
      ...subscriberRequest,
      subscriber: { ...subscriberRequest.subscriber, lastName: "O'Brien|Smith>Jr" },
    });
    const answer = echo271(DEPENDENT_271, request);
    expect(parse271(answer).subscriber?.lastName).toBe("O'BRIEN SMITH JR");
  });
});
