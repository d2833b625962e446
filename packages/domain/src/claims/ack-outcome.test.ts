import { describe, expect, it } from 'vitest';
import { parseX12 } from '../x12/segments.ts';
import {
  addBusinessDays,
  missingReason,
  outcomeOf277,
  outcomeOf999,
  type MissingCheck,
} from './ack-outcome.ts';
import { RECEIVED_FIXTURES } from './fixtures/received.ts';
import { interpret277ca, type ClaimAcknowledgment277 } from './read-277ca.ts';
import { interpret999 } from './read-999.ts';

const ack999 = (name: 'ack-999-accepted.x12' | 'ack-999-rejected.x12') =>
  interpret999(parseX12(RECEIVED_FIXTURES[name]));

describe('outcomeOf999', () => {
  it('leaves a claim of an accepted transaction as it is', () => {
    expect(outcomeOf999(ack999('ack-999-accepted.x12'), '0001')).toBeNull();
  });

  it('fails a claim of a refused transaction, with the errors as the reason', () => {
    const outcome = outcomeOf999(ack999('ack-999-rejected.x12'), '0001');
    expect(outcome?.event).toBe('failed');
    expect(outcome?.reason).toMatch(/^NM1 \(segment 10, loop 2010AA\)/);
    expect(outcome?.reason).toMatch(/CLM05 \(loop 2300\): invalid code value \("99"\)/);
  });

  it('fails only the claims of the refused set when the 999 accepts part of the group', () => {
    const text = RECEIVED_FIXTURES['ack-999-accepted.x12']
      .replace('AK9*A*1*1*1~', 'AK2*837*0002*005010X222A1~\nIK5*R*5~\nAK9*P*2*2*1~')
      .replace(/SE\*(\d+)\*0001/, (_all, count: string) => `SE*${Number(count) + 2}*0001`);
    const partly = interpret999(parseX12(text));
    expect(partly).toMatchObject({ accepted: false, code: 'P', setsAccepted: 1 });
    expect(outcomeOf999(partly, '0001')).toBeNull();
    expect(outcomeOf999(partly, '0002')).toEqual({
      event: 'failed',
      reason: 'Transaction 0002: one or more segments in error.',
      payerClaimNumber: null,
    });
  });

  it('falls back on the group answer when the 999 names no set', () => {
    const rejected = { ...ack999('ack-999-rejected.x12'), setResults: [], errors: [] };
    expect(outcomeOf999(rejected, '0001')).toEqual({
      event: 'failed',
      reason: 'The clearinghouse refused the file (999 code R).',
      payerClaimNumber: null,
    });
  });
});

const claims277 = [
  ...interpret277ca(parseX12(RECEIVED_FIXTURES['ack-277ca-accepted.x12'])).claims,
  ...interpret277ca(parseX12(RECEIVED_FIXTURES['ack-277ca-rejected.x12'])).claims,
];

describe('outcomeOf277', () => {
  it.each([
    [0, 'accepted', null, '2024184000101'],
    [1, 'acknowledged', null, null],
    [3, 'rejected', 'SUBSCRIBER ID NOT FOUND - CHECK THE MEMBER ID ON THE CARD', null],
  ])('claim %i → %s', (index, event, reason, payerClaimNumber) => {
    expect(outcomeOf277(claims277[index] as ClaimAcknowledgment277)).toEqual({
      event,
      reason,
      payerClaimNumber,
    });
  });

  it('ignores a category it does not act on', () => {
    expect(outcomeOf277({ ...(claims277[0] as ClaimAcknowledgment277), kind: 'other' })).toBeNull();
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['2024-07-01', 2, '2024-07-03'], // Monday → Wednesday
    ['2024-07-05', 2, '2024-07-09'], // Friday → Tuesday
    ['2024-07-06', 2, '2024-07-09'], // Saturday → Tuesday
    ['2024-12-31', 1, '2025-01-01'],
  ])('%s + %i business days is %s', (date, days, expected) => {
    expect(addBusinessDays(date, days)).toBe(expected);
  });

  it('skips holidays', () => {
    expect(addBusinessDays('2024-07-03', 2, new Set(['2024-07-04']))).toBe('2024-07-08');
  });
});

describe('missingReason', () => {
  const base: MissingCheck = {
    submittedOn: '2024-07-05',
    acknowledgedOn: null,
    remittedOn: null,
    today: '2024-07-09',
    remittanceDays: null,
  };
  it.each([
    ['no acknowledgment, 2nd business day', {}, null],
    [
      'no acknowledgment after the 2nd business day',
      { today: '2024-07-10' },
      /No acknowledgment since .* \(due by 2024-07-09\)/,
    ],
    ['acknowledged, within 30 days', { acknowledgedOn: '2024-07-06', today: '2024-08-04' }, null],
    [
      'acknowledged, no remittance after 30 days',
      { acknowledgedOn: '2024-07-06', today: '2024-08-05' },
      /No remittance within 30 days .* \(due by 2024-08-04\)/,
    ],
    [
      'acknowledged, the payer allows 45 days',
      { acknowledgedOn: '2024-07-06', today: '2024-08-05', remittanceDays: 45 },
      null,
    ],
    [
      'acknowledged, past the payer 14 days',
      { acknowledgedOn: '2024-07-06', today: '2024-07-20', remittanceDays: 14 },
      /within 14 days/,
    ],
    ['remitted, however late', { remittedOn: '2024-09-01', today: '2025-01-01' }, null],
  ] as const)('%s', (_case, change, expected) => {
    const reason = missingReason({ ...base, ...change });
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});
