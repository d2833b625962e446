import { describe, expect, it } from 'vitest';
import { parseX12, X12Error } from '../x12/segments.ts';
import { RECEIVED_FIXTURES } from './fixtures/received.ts';
import { interpret835 } from './read-835.ts';

const read = (name: keyof typeof RECEIVED_FIXTURES) => {
  const [remittance, ...more] = interpret835(parseX12(RECEIVED_FIXTURES[name]));
  expect(more).toEqual([]);
  if (!remittance) throw new Error('no remittance');
  return remittance;
};

describe('interpret835', () => {
  it('reads the payment, trace number, payer and payee', () => {
    const remittance = read('era-partly-paid.x12');
    expect(remittance).toMatchObject({
      controlNumber: '0001',
      payment: {
        handling: 'I',
        amountCents: 41300,
        creditOrDebit: 'C',
        method: 'ACH',
        date: '2024-07-22',
      },
      traceNumber: 'EFT0007002',
      originatorId: '1366001122',
      payer: { name: 'ACME HEALTH PLAN', id: '60054' },
      payee: { name: 'RIVERSIDE COUNSELING', npi: '1245319599' },
      providerAdjustments: [],
    });
  });

  it('reads each claim with its lines, dates, line control numbers and adjustments', () => {
    const [jane, omar] = read('era-partly-paid.x12').claims;
    expect(jane).toMatchObject({
      patientControlNumber: 'C1001-1',
      statusCode: '1',
      reversal: false,
      chargeCents: 30050,
      paidCents: 20300,
      patientResponsibilityCents: 3700,
      filingIndicator: '12',
      payerClaimNumber: '2024184000101',
      frequency: '1',
      adjustments: [],
      patient: { lastName: 'DOE', firstName: 'JANE', memberId: 'W123456789' },
      serviceDate: '2024-06-17',
    });
    expect(jane?.lines[1]).toEqual({
      codeQualifier: 'HC',
      procedureCode: '90837',
      modifiers: [],
      chargeCents: 15050,
      paidCents: 10800,
      units: 1,
      billedProcedureCode: null,
      dateOfService: '2024-06-24',
      lineControlNumber: 'L1001-2',
      allowedCents: 12000,
      adjustments: [
        { group: 'CO', reason: '45', amountCents: 3050, quantity: null },
        { group: 'PR', reason: '2', amountCents: 1200, quantity: null },
      ],
      remarkCodes: ['N130'],
    });
    expect(omar?.lines.map((line) => [line.paidCents, line.lineControlNumber])).toEqual([
      [13490, 'L2002-1'],
      [7510, null],
    ]);
    expect(omar?.lines[0]?.adjustments[0]).toEqual({
      group: 'CO',
      reason: '45',
      amountCents: 4010,
      quantity: 1,
    });
  });

  it('reads a reversal (CLP02 22) with its negative amounts, then the correction', () => {
    const claims = read('era-reversal-correction.x12').claims;
    expect(
      claims.map((claim) => [
        claim.patientControlNumber,
        claim.statusCode,
        claim.reversal,
        claim.paidCents,
        claim.payerClaimNumber,
      ]),
    ).toEqual([
      ['C1003-1', '22', true, -9000, '2024190000301'],
      ['C1003-1', '1', false, 7200, '2024218000401'],
      ['C1005-1', '1', false, 6000, '2024218000402'],
    ]);
    expect(claims[0]?.lines[0]).toMatchObject({ chargeCents: -9000, paidCents: -9000, units: -1 });
  });

  it('reads PLB amounts under their own component separator (ISA16 ">")', () => {
    const remittance = read('era-plb-recoupment.x12');
    expect(remittance.providerAdjustments).toEqual([
      {
        providerId: '1245319599',
        fiscalPeriodDate: '2024-12-31',
        reason: 'WO',
        reference: '2024150000999',
        amountCents: 4500,
      },
      {
        providerId: '1245319599',
        fiscalPeriodDate: '2024-12-31',
        reason: 'L6',
        reference: '2024184000102',
        amountCents: -125,
      },
    ]);
    expect(remittance.claims[0]?.lines[1]).toMatchObject({
      procedureCode: '90834',
      modifiers: ['95'],
    });
  });

  it('reads a notification-only denial (BPR01 H, no payment)', () => {
    const remittance = read('era-denied.x12');
    expect(remittance.payment).toMatchObject({ handling: 'H', amountCents: 0, method: 'NON' });
    expect(remittance.claims[0]).toMatchObject({ statusCode: '4', paidCents: 0 });
    expect(remittance.claims[0]?.lines[0]?.remarkCodes).toEqual(['N211']);
  });

  it.each([
    ['an amount that is not a number', 'CLP*C1003-1*1*90*90*', 'CLP*C1003-1*1*9O*90*', /CLP03/],
    ['an unknown adjustment group', 'REF*6R*L1003-1', 'CAS*XX*45*1~\nREF*6R*L1003-1', /CAS01/],
    ['a missing trace number', 'TRN*1*CHK0007001*1366001122~\n', 'TRN*1**1366001122~\n', /TRN/],
  ])('refuses %s with an X12Error', (_case, from, to, message) => {
    const text = RECEIVED_FIXTURES['era-paid-in-full.x12'].replace(from, to);
    const recounted =
      to.split('~').length === from.split('~').length
        ? text
        : text.replace(/SE\*(\d+)\*/, (_all, count: string) => `SE*${Number(count) + 1}*`);
    expect(() => interpret835(parseX12(recounted))).toThrow(X12Error);
    expect(() => interpret835(parseX12(recounted))).toThrow(message);
  });
});
