import { describe, expect, it } from 'vitest';
import { parse271 } from './eligibility-271.ts';
import { summarizeBenefits } from './benefit-summary.ts';
import { decimalToScaled, fromX12Date } from './element-values.ts';
import {
  ACTIVE_COMMERCIAL_271,
  DEPENDENT_271,
  INACTIVE_271,
  PAYER_UNAVAILABLE_271,
  QUANTITY_USED_271,
  REJECTED_MEMBER_ID_271,
  VISIT_LIMITS_271,
} from './fixtures/responses-271.ts';
import { AAA_REJECT_REASONS, rejectReason } from './codes.ts';
import { X12Error } from './segments.ts';

describe('parse271: active commercial plan', () => {
  const result = parse271(ACTIVE_COMMERCIAL_271);

  it('reads the header parties and the subscriber', () => {
    expect(result.traceNumber).toBe('TRACE0001');
    expect(result.transactionControlNumber).toBe('0001');
    expect(result.payer).toEqual({ name: 'ACME HEALTH PLAN', id: '60054' });
    expect(result.provider).toEqual({ name: 'RIVERSIDE COUNSELING', npi: '1234567893' });
    expect(result.subscriber).toEqual({
      firstName: 'JANE',
      lastName: 'DOE',
      middleName: 'Q',
      memberId: 'W123456789',
      dob: '1985-04-12',
      gender: 'F',
      groupNumber: 'GRP5500',
      groupName: 'ACME CORP EMPLOYEES',
    });
    expect(result.dependent).toBeNull();
  });

  it('is active with plan name and dates', () => {
    expect(result.coverage).toBe('active');
    expect(result.planName).toBe('GOLD PPO 1500');
    expect(result.planBegin).toBe('2024-01-01');
    expect(result.planEnd).toBe('2024-12-31');
    expect(result.rejections).toEqual([]);
  });

  it('summarizes in-network individual mental health cost share in cents', () => {
    expect(result.summary).toEqual({
      copayCents: 3000,
      coinsurancePercent: 20,
      deductibleCents: 150000,
      deductibleRemainingCents: 100050,
      outOfPocketCents: 500000,
      outOfPocketRemainingCents: 425075,
      visitLimit: null,
      visitsRemaining: null,
    });
  });

  it('lists every benefit with its elements and messages', () => {
    expect(result.benefits).toHaveLength(11);
    expect(result.benefits[0]).toMatchObject({
      code: '1',
      description: 'Active Coverage',
      coverageLevel: 'IND',
      serviceTypes: ['30', 'MH', 'A6'],
      insuranceType: 'C1',
      planCoverage: 'GOLD PPO 1500',
    });
    expect(result.benefits[7]).toEqual({
      code: 'B',
      description: 'Co-Payment',
      coverageLevel: 'IND',
      serviceTypes: ['MH'],
      insuranceType: 'C1',
      planCoverage: null,
      timePeriod: '27',
      amountCents: 3000,
      percent: null,
      quantityQualifier: null,
      quantity: null,
      authorizationRequired: null,
      inNetwork: 'Y',
      procedure: [],
      dates: [],
      messages: ['COPAY APPLIES TO OFFICE VISITS ONLY'],
    });
    expect(result.benefits.map((b) => b.amountCents)).toEqual([
      null,
      150000,
      100050,
      300000,
      300000,
      500000,
      425075,
      3000,
      6000,
      null,
      null,
    ]);
    expect(result.benefits.map((b) => b.percent)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      20,
      40,
    ]);
    for (const benefit of result.benefits) {
      if (benefit.amountCents !== null) expect(Number.isInteger(benefit.amountCents)).toBe(true);
    }
  });

  it('prefers out-of-network values only when asked for nothing else', () => {
    const outOfNetwork = result.benefits.filter((b) => b.inNetwork === 'N');
    expect(summarizeBenefits(outOfNetwork).copayCents).toBeNull();
  });
});

describe('parse271: inactive coverage (newline separated)', () => {
  const result = parse271(INACTIVE_271);

  it.each<[string, unknown]>([
    ['coverage', 'inactive'],
    ['traceNumber', 'TRACE0002'],
    ['planBegin', '2023-01-01'],
    ['planEnd', '2023-12-31'],
    ['planName', null],
  ])('%s', (field, expected) => {
    expect(result[field as keyof typeof result]).toEqual(expected);
  });

  it('keeps the message and the provider person name', () => {
    expect(result.benefits).toHaveLength(1);
    expect(result.benefits[0]?.messages).toEqual(['COVERAGE TERMINATED 12/31/2023']);
    expect(result.provider).toEqual({ name: 'ALEX SMITH', npi: '1245319599' });
    expect(result.subscriber?.memberId).toBe('XYZ998877');
    expect(result.summary.copayCents).toBeNull();
  });
});

describe('parse271: dependent with other separators and CRLF', () => {
  const result = parse271(DEPENDENT_271);

  it('reads subscriber and dependent', () => {
    expect(result.subscriber).toMatchObject({
      firstName: 'JOHN',
      lastName: 'DOE',
      memberId: 'SUN4455667',
      dob: '1980-03-15',
    });
    expect(result.dependent).toMatchObject({
      firstName: 'EMMA',
      lastName: 'DOE',
      memberId: null,
      dob: '2012-07-04',
      gender: 'F',
      relationshipCode: '19',
    });
  });

  it('takes coverage and benefits from the dependent loop', () => {
    expect(result.coverage).toBe('active');
    expect(result.traceNumber).toBe('TRACE0003');
    expect(result.planName).toBe('CHILD FAMILY HMO');
    expect(result.planBegin).toBe('2024-01-01');
    expect(result.planEnd).toBe('2024-12-31');
    expect(result.benefits[0]?.serviceTypes).toEqual(['30', 'MH']);
    expect(result.benefits[1]?.serviceTypes).toEqual(['MH', 'A6']);
    expect(result.benefits[1]?.procedure).toEqual(['HC', '90837']);
    expect(result.summary).toMatchObject({ copayCents: 2500, coinsurancePercent: 0 });
  });
});

describe('parse271: AAA rejections', () => {
  it('subscriber level: invalid member id and date of birth', () => {
    const result = parse271(REJECTED_MEMBER_ID_271);
    expect(result.coverage).toBe('unknown');
    expect(result.benefits).toEqual([]);
    expect(result.rejections).toEqual([
      {
        loop: '2100C',
        validRequest: true,
        code: '72',
        reason: 'The subscriber or insured id (member id) is invalid or missing.',
        followUpCode: 'C',
        followUp: 'Please correct and resubmit.',
      },
      {
        loop: '2100C',
        validRequest: false,
        code: '58',
        reason: 'The date of birth is invalid or missing.',
        followUpCode: 'C',
        followUp: 'Please correct and resubmit.',
      },
    ]);
    expect(result.subscriber?.memberId).toBe('BADID');
    expect(result.subscriber?.gender).toBeNull();
  });

  it('payer level: unable to respond now', () => {
    const result = parse271(PAYER_UNAVAILABLE_271);
    expect(result.coverage).toBe('unknown');
    expect(result.subscriber).toBeNull();
    expect(result.traceNumber).toBeNull();
    expect(result.payer).toEqual({ name: 'SLOW PAYER INC', id: 'SLOW1' });
    expect(result.rejections).toEqual([
      {
        loop: '2100A',
        validRequest: true,
        code: '42',
        reason: 'The payer is unable to respond at this time.',
        followUpCode: 'R',
        followUp: 'Resubmission is allowed.',
      },
    ]);
  });

  it.each([
    ['2100B', 'HL*2*1*21*0~NM1*1P*2*X*****XX*1234567893~AAA*N**43*N~'],
    ['2100D', 'HL*3*2*22*1~NM1*IL*1*A*B~HL*4*3*23*0~NM1*03*1*C*D~AAA*N**67*W~'],
    ['2110C', 'HL*3*2*22*0~NM1*IL*1*A*B~EB*1**30~AAA*N**56~'],
  ])('locates AAA in loop %s', (loop, body) => {
    const text = `ISA*00*          *00*          *ZZ*A              *ZZ*B              *240615*1030*^*00501*000000001*0*T*:~ST*271*0001~HL*1**20*1~NM1*PR*2*P~${body}SE*9*0001~`;
    expect(parse271(text).rejections[0]?.loop).toBe(loop);
  });

  it.each([
    '15',
    '41',
    '42',
    '43',
    '44',
    '45',
    '47',
    '48',
    '49',
    '50',
    '51',
    '52',
    '56',
    '57',
    '58',
    '60',
    '61',
    '62',
    '63',
    '64',
    '65',
    '66',
    '67',
    '68',
    '69',
    '70',
    '71',
    '72',
    '73',
    '74',
    '75',
    '76',
    '77',
    '78',
    '79',
    '80',
    '97',
    'T4',
  ])('has a reason for AAA03 %s', (code) => {
    expect(AAA_REJECT_REASONS[code]).toMatch(/\.$/);
  });

  it('names unknown reason codes', () => {
    expect(rejectReason('ZZ')).toBe('Rejected by the payer (reason code ZZ).');
  });
});

describe('parse271: visit limits (newline terminator)', () => {
  const result = parse271(VISIT_LIMITS_271);

  it('reads visit limit and remaining visits for mental health', () => {
    expect(result.coverage).toBe('active');
    expect(result.planName).toBe('MEDICAID BEHAVIORAL');
    expect(result.planBegin).toBe('2024-02-01');
    expect(result.planEnd).toBeNull();
    expect(result.summary).toMatchObject({ visitLimit: 30, visitsRemaining: 18, copayCents: 350 });
  });

  it('prefers the asked service type', () => {
    expect(parse271(VISIT_LIMITS_271, { serviceTypes: ['A6'] }).summary.visitLimit).toBe(20);
  });

  it('keeps benefit dates and ignores related-entity names', () => {
    expect(result.benefits[4]?.dates).toEqual([
      { qualifier: '292', begin: '2024-01-01', end: '2024-12-31' },
    ]);
    expect(result.benefits[1]).toMatchObject({
      quantityQualifier: 'VS',
      quantity: 30,
      authorizationRequired: 'Y',
      timePeriod: '23',
    });
    expect(result.subscriber?.lastName).toBe('LANE');
    expect(result.payer.name).toBe('STATE MEDICAID');
  });
});

describe('parse271: deductible met and visits used', () => {
  const result = parse271(QUANTITY_USED_271);

  it('summarizes from plan-level and untyped benefits', () => {
    expect(result.planName).toBe('SILVER EPO');
    expect(result.planBegin).toBe('2024-03-01');
    expect(result.planEnd).toBe('2025-02-28');
    expect(result.summary).toEqual({
      copayCents: null,
      coinsurancePercent: null,
      deductibleCents: 50000,
      deductibleRemainingCents: 0,
      outOfPocketCents: null,
      outOfPocketRemainingCents: null,
      visitLimit: 12,
      visitsRemaining: 7,
    });
  });
});

describe('parse271 errors', () => {
  it.each([
    ['not X12', 'hello'],
    [
      'no 271',
      'ISA*00*          *00*          *ZZ*A              *ZZ*B              *240615*1030*^*00501*000000001*0*T*:~ST*999*0001~SE*2*0001~',
    ],
  ])('%s', (_name, text) => {
    expect(() => parse271(text)).toThrow(X12Error);
  });
});

describe('decimalToScaled and fromX12Date', () => {
  it.each<[string, number, number | null]>([
    ['1500', 2, 150000],
    ['1000.5', 2, 100050],
    ['25.555', 2, 2556],
    ['0.1', 2, 10],
    ['.2', 4, 2000],
    ['-3', 2, -300],
    ['', 2, null],
    ['.', 2, null],
    ['abc', 2, null],
  ])('decimalToScaled(%j, %i) = %j', (text, places, expected) => {
    expect(decimalToScaled(text, places)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['20240229', '2024-02-29'],
    ['20230229', null],
    ['2024011', null],
  ])('fromX12Date(%j)', (value, expected) => {
    expect(fromX12Date(value)).toBe(expected);
  });
});
