import { describe, expect, it } from 'vitest';
import { parseX12 } from '../x12/segments.ts';
import { claimBalanceProblems, dollars, paymentBalance } from './era-balance.ts';
import type { ClaimOnFile } from './era-match.ts';
import { claimPostingKey, planEraPosting, type EraPostingPlan } from './era-post.ts';
import { RECEIVED_FIXTURES, type ReceivedFixture } from './fixtures/received.ts';
import { interpret835, type Remittance835 } from './read-835.ts';

const remittanceOf = (name: ReceivedFixture): Remittance835 => {
  const [remittance] = interpret835(parseX12(RECEIVED_FIXTURES[name]));
  if (!remittance) throw new Error(`${name} holds no remittance`);
  return remittance;
};

const line = (control: string, code: string, date: string, chargeCents: number) => ({
  lineId: `line-${control}`,
  lineControlNumber: control,
  procedureCode: code,
  dateOfService: date,
  chargeCents,
});

const PAID_IN_FULL_KEY = claimPostingKey(
  remittanceOf('era-paid-in-full.x12'),
  remittanceOf('era-paid-in-full.x12').claims[0] as Remittance835['claims'][number],
);

/** The practice's claims the fixture ERAs pay (C1003-1 already paid by era-paid-in-full). */
const OURS: ClaimOnFile[] = [
  {
    claimId: 'claim-1001',
    patientControlNumber: 'C1001-1',
    lines: [
      line('L1001-1', '90837', '2024-06-17', 15000),
      line('L1001-2', '90837', '2024-06-24', 15050),
    ],
    postings: [],
  },
  {
    claimId: 'claim-2002',
    patientControlNumber: 'C2002-1',
    lines: [
      line('L2002-1', '90791', '2024-06-10', 20000),
      line('L2002-2', '90834', '2024-06-18', 12025),
    ],
    postings: [],
  },
  {
    claimId: 'claim-1003',
    patientControlNumber: 'C1003-1',
    lines: [line('L1003-1', '90832', '2024-06-20', 9000)],
    postings: [
      {
        key: PAID_IN_FULL_KEY,
        payerClaimNumber: '2024190000301',
        paidCents: 9000,
        reversed: false,
      },
    ],
  },
  {
    claimId: 'claim-1005',
    patientControlNumber: 'C1005-1',
    lines: [line('L1005-1', '90834', '2024-07-01', 12000)],
    postings: [],
  },
];

const plan = (name: ReceivedFixture, posted: ReadonlySet<string> = new Set()): EraPostingPlan =>
  planEraPosting(remittanceOf(name), OURS, posted);

/** Every key a plan posts, as the server would remember them. */
const postedKeys = (done: EraPostingPlan): Set<string> =>
  new Set([...done.postings.map((p) => p.key), ...done.practiceEntries.map((e) => e.key)]);

describe('paymentBalance: BPR02 = ΣCLP04 − ΣPLB, in cents', () => {
  it.each([
    ['era-paid-in-full.x12', true, 9000, 0],
    ['era-partly-paid.x12', true, 41300, 0],
    ['era-denied.x12', true, 0, 0],
    ['era-reversal-correction.x12', true, 4200, 0],
    ['era-plb-recoupment.x12', true, 16625, 0],
    ['era-unbalanced.x12', false, 9500, 500],
  ] as const)('%s balanced: %s', (name, balanced, paymentCents, differenceCents) => {
    expect(paymentBalance(remittanceOf(name))).toMatchObject({
      balanced,
      paymentCents,
      differenceCents,
    });
  });

  it('reads a debit (BPR03 D) as money taken from the practice', () => {
    const base = remittanceOf('era-reversal-correction.x12');
    const debit: Remittance835 = {
      ...base,
      payment: { ...base.payment, amountCents: 9000, creditOrDebit: 'D' },
      claims: base.claims.slice(0, 1),
    };
    expect(paymentBalance(debit)).toMatchObject({ balanced: true, paymentCents: -9000 });
  });

  it('says how far apart an unbalanced payment is', () => {
    expect(paymentBalance(remittanceOf('era-unbalanced.x12')).reason).toBe(
      'The payment (95.00) is not what its claims paid (90.00) less the provider-level adjustments (0.00): 5.00 apart.',
    );
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-125, '-1.25'],
    [41300, '413.00'],
  ])('dollars(%i) is %s', (amount, text) => {
    expect(dollars(amount)).toBe(text);
  });
});

describe('claimBalanceProblems', () => {
  const [jane] = remittanceOf('era-partly-paid.x12').claims;
  if (!jane) throw new Error('no claim');
  it.each([
    ['a sound claim', jane, []],
    [
      'a claim paid more than its charge less adjustments',
      { ...jane, paidCents: 20400 },
      [/less its adjustments is 203.00, but the payer paid 204.00/, /its lines paid 203.00/],
    ],
    [
      'a patient responsibility that is not its PR adjustments',
      { ...jane, patientResponsibilityCents: 2500 },
      [/patient responsibility \(25.00\) is not its PR adjustments \(37.00\)/],
    ],
  ] as const)('%s', (_case, claim, expected) => {
    const problems = claimBalanceProblems(claim);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((pattern, index) => {
      expect(problems[index]).toMatch(pattern);
    });
  });
});

describe('planEraPosting', () => {
  it('posts a claim paid in full', () => {
    const done = plan('era-paid-in-full.x12', new Set());
    expect(done.problems).toEqual([]);
    expect(done.postings).toHaveLength(1);
    expect(done.postings[0]).toMatchObject({
      claimId: 'claim-1003',
      kind: 'payment',
      event: 'paid',
      entries: [{ kind: 'insurancePayment', lineId: 'line-L1003-1', amountCents: 9000 }],
      totals: { paidCents: 9000, contractualCents: 0, patientResponsibilityCents: 0 },
    });
  });

  it('posts payments, CO write-offs and PR copays per line, matching a line without REF*6R', () => {
    const done = plan('era-partly-paid.x12');
    expect(done.problems).toEqual([]);
    expect(done.postings.map((posting) => [posting.claimId, posting.totals])).toEqual([
      [
        'claim-1001',
        {
          paidCents: 20300,
          contractualCents: 6050,
          patientResponsibilityCents: 3700,
          otherAdjustmentCents: 0,
          deniedCents: 0,
        },
      ],
      [
        'claim-2002',
        {
          paidCents: 21000,
          contractualCents: 6025,
          patientResponsibilityCents: 5000,
          otherAdjustmentCents: 0,
          deniedCents: 0,
        },
      ],
    ]);
    const omar = done.postings[1];
    expect(omar?.entries.filter((entry) => entry.lineId === 'line-L2002-2')).toEqual([
      {
        kind: 'insurancePayment',
        lineId: 'line-L2002-2',
        amountCents: 7510,
        group: null,
        reason: null,
      },
      {
        kind: 'contractualAdjustment',
        lineId: 'line-L2002-2',
        amountCents: 2015,
        group: 'CO',
        reason: '45',
      },
      {
        kind: 'patientResponsibility',
        lineId: 'line-L2002-2',
        amountCents: 2500,
        group: 'PR',
        reason: '3',
      },
    ]);
  });

  it.each([
    ['1', false],
    ['19', true],
    ['20', true],
    ['21', true],
  ])('marks a claim with CLP02 %s forwarded: %s, its PR posted either way', (status, forwarded) => {
    const text = RECEIVED_FIXTURES['era-partly-paid.x12'].replace(
      'CLP*C1001-1*1*',
      `CLP*C1001-1*${status}*`,
    );
    const [remittance] = interpret835(parseX12(text));
    if (!remittance) throw new Error('no remittance');
    const [jane] = planEraPosting(remittance, OURS, new Set()).postings;
    expect(jane?.forwarded).toBe(forwarded);
    expect(jane?.totals.patientResponsibilityCents).toBe(3700);
  });

  it('posts a denial: the reasons recorded, nothing written off', () => {
    const [denial] = plan('era-denied.x12').postings;
    expect(denial).toMatchObject({ kind: 'denial', event: 'denied' });
    expect(denial?.entries).toEqual([
      { kind: 'denial', lineId: 'line-L1003-1', amountCents: 9000, group: 'CO', reason: '29' },
    ]);
  });

  it('reverses the earlier payment, then re-posts the corrected claim', () => {
    const done = plan('era-reversal-correction.x12');
    expect(done.problems).toEqual([]);
    expect(
      done.postings.map((posting) => [
        posting.claimId,
        posting.kind,
        posting.event,
        posting.reverses,
      ]),
    ).toEqual([
      ['claim-1003', 'reversal', null, PAID_IN_FULL_KEY],
      ['claim-1003', 'payment', 'paid', null],
      ['claim-1005', 'payment', 'paid', null],
    ]);
    expect(done.postings[0]?.totals.paidCents).toBe(-9000);
    expect(done.postings[1]?.totals).toMatchObject({
      paidCents: 7200,
      patientResponsibilityCents: 1800,
    });
    expect(new Set(done.postings.map((posting) => posting.key)).size).toBe(3);
  });

  it.each([
    ['never posted', []],
    [
      'already reversed',
      [{ key: 'k', payerClaimNumber: '2024190000301', paidCents: 9000, reversed: true }],
    ],
    [
      'posted with another amount',
      [{ key: 'k', payerClaimNumber: '2024190000301', paidCents: 8000, reversed: false }],
    ],
  ])('holds a reversal of a payment %s as a problem', (_case, postings) => {
    const ours = OURS.map((claim) =>
      claim.claimId === 'claim-1003' ? { ...claim, postings } : claim,
    );
    const done = planEraPosting(remittanceOf('era-reversal-correction.x12'), ours, new Set());
    expect(done.problems).toHaveLength(1);
    expect(done.problems[0]).toMatchObject({
      claimId: 'claim-1003',
      patientControlNumber: 'C1003-1',
    });
    expect(done.postings.map((posting) => posting.kind)).toEqual(['payment', 'payment']);
  });

  it('posts PLB amounts as practice-level entries, a recoupment negative', () => {
    const done = plan('era-plb-recoupment.x12');
    expect(done.problems).toEqual([]);
    expect(
      done.practiceEntries.map((entry) => [entry.reason, entry.reference, entry.effectCents]),
    ).toEqual([
      ['WO', '2024150000999', -4500],
      ['L6', '2024184000102', 125],
    ]);
  });

  it('posts nothing of an unbalanced ERA and says why', () => {
    const done = plan('era-unbalanced.x12');
    expect(done.postings).toEqual([]);
    expect(done.practiceEntries).toEqual([]);
    expect(done.problems).toEqual([
      { claimId: null, patientControlNumber: null, reason: expect.stringMatching(/5.00 apart/) },
    ]);
  });

  it.each([
    'era-partly-paid.x12',
    'era-plb-recoupment.x12',
    'era-reversal-correction.x12',
  ] as const)('posts %s once when the same ERA comes twice', (name) => {
    const first = plan(name);
    const second = plan(name, postedKeys(first));
    expect(second.postings).toEqual([]);
    expect(second.practiceEntries).toEqual([]);
    expect(second.problems).toEqual([]);
    expect(new Set(second.alreadyPosted)).toEqual(postedKeys(first));
  });

  it('keys claims on trace number + payer + claim', () => {
    const remittance = remittanceOf('era-partly-paid.x12');
    expect(remittance.claims.map((claim) => claimPostingKey(remittance, claim))).toEqual([
      'EFT0007002|60054|C1001-1|adjudication|2024184000101',
      'EFT0007002|60054|C2002-1|adjudication|2024184000102',
    ]);
  });

  it.each([
    [
      'a claim of no one (another practice)',
      [['CLP*C1001-1', 'CLP*C9999-1']],
      /No claim of the practice has the patient control number C9999-1/,
    ],
    [
      'a line that matches none of the claim',
      [
        ['REF*6R*L1001-2', 'REF*6R*L7777-9'],
        ['DTM*472*20240624', 'DTM*472*20240625'],
      ],
      /line 2 \(90837 on 2024-06-25, line control number L7777-9\) matches none/,
    ],
  ] as const)('holds %s as a problem and posts the rest', (_case, replacements, message) => {
    const text = replacements.reduce<string>(
      (edited, [from, to]) => edited.replace(from, to),
      RECEIVED_FIXTURES['era-partly-paid.x12'],
    );
    const [remittance] = interpret835(parseX12(text));
    if (!remittance) throw new Error('no remittance');
    const done = planEraPosting(remittance, OURS, new Set());
    expect(done.postings.map((posting) => posting.claimId)).toEqual(['claim-2002']);
    expect(done.problems).toHaveLength(1);
    expect(done.problems[0]?.reason).toMatch(message);
  });

  it('holds a claim that appears twice with the same key, posting the first', () => {
    const remittance = remittanceOf('era-paid-in-full.x12');
    const [claim] = remittance.claims;
    if (!claim) throw new Error('no claim');
    const twice = {
      ...remittance,
      payment: { ...remittance.payment, amountCents: 18000 },
      claims: [claim, claim],
    };
    const done = planEraPosting(twice, OURS, new Set());
    expect(done.postings).toHaveLength(1);
    expect(done.problems[0]?.reason).toMatch(/appears twice in this ERA/);
  });
});
