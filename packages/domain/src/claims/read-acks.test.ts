import { describe, expect, it } from 'vitest';
import { parseX12, X12Error } from '../x12/segments.ts';
import { RECEIVED_FIXTURES } from './fixtures/received.ts';
import { interpret277ca } from './read-277ca.ts';
import { interpret999 } from './read-999.ts';

const read999 = (name: keyof typeof RECEIVED_FIXTURES) =>
  interpret999(parseX12(RECEIVED_FIXTURES[name]));
const read277 = (name: keyof typeof RECEIVED_FIXTURES) =>
  interpret277ca(parseX12(RECEIVED_FIXTURES[name]));

describe('interpret999', () => {
  it('reads an accepted 999', () => {
    expect(read999('ack-999-accepted.x12')).toEqual({
      groupControlNumber: '1201',
      functionalGroup: 'HC',
      accepted: true,
      code: 'A',
      setsIncluded: 1,
      setsReceived: 1,
      setsAccepted: 1,
      setResults: [
        { transactionSet: '837', controlNumber: '0001', accepted: true, code: 'A', errors: [] },
      ],
      errors: [],
    });
  });

  it('reads a rejected 999 with each error in words', () => {
    const ack = read999('ack-999-rejected.x12');
    expect(ack.accepted).toBe(false);
    expect(ack.groupControlNumber).toBe('1202');
    expect(ack.setResults).toHaveLength(1);
    expect(ack.setResults[0]?.accepted).toBe(false);
    expect(ack.errors.map((error) => [error.code, error.message])).toEqual([
      ['8', 'NM1 (segment 10, loop 2010AA): segment has data element errors.'],
      ['4', 'NM109 (loop 2010AA): value too short ("12453").'],
      ['8', 'CLM (segment 21, loop 2300): segment has data element errors.'],
      ['7', 'CLM05 (loop 2300): invalid code value ("99").'],
      ['5', 'Transaction 0001: one or more segments in error.'],
    ]);
    expect(ack.errors[1]).toMatchObject({
      transactionControlNumber: '0001',
      segmentId: 'NM1',
      segmentPosition: 10,
      loop: '2010AA',
      elementPosition: 9,
      badValue: '12453',
    });
  });

  it('refuses a 999 without AK1 or AK9', () => {
    const text = RECEIVED_FIXTURES['ack-999-accepted.x12']
      .replace('AK9*A*1*1*1~\n', '')
      .replace('SE*5*', 'SE*4*');
    expect(() => interpret999(parseX12(text))).toThrow(X12Error);
  });
});

describe('interpret277ca', () => {
  it('reads receipts and acceptances per patient control number, with the payer claim number', () => {
    const ack = read277('ack-277ca-accepted.x12');
    expect(ack.payer).toEqual({ name: 'ACME HEALTH PLAN', id: '60054' });
    expect(
      ack.claims.map((claim) => [
        claim.patientControlNumber,
        claim.kind,
        claim.categoryCode,
        claim.payerClaimNumber,
        claim.chargeCents,
      ]),
    ).toEqual([
      ['C1001-1', 'accepted', 'A2', '2024184000101', 30050],
      ['C1003-1', 'receipt', 'A1', null, 9000],
      ['C2002-1', 'accepted', 'A2', '2024184000102', 17000],
    ]);
    expect(ack.claims[0]).toMatchObject({
      clearinghouseTraceNumber: 'CH000000101',
      statusDate: '2024-07-02',
      patient: { lastName: 'DOE', firstName: 'JANE', memberId: 'W123456789' },
    });
  });

  it("reads rejections with the payer's text, or the status codes read out", () => {
    const [invalid, missing] = read277('ack-277ca-rejected.x12').claims;
    expect(invalid).toMatchObject({
      patientControlNumber: 'C2002-1',
      kind: 'rejected',
      categoryCode: 'A7',
      statusCodes: [{ category: 'A7', status: '164', entity: 'IL' }],
      reasons: ['SUBSCRIBER ID NOT FOUND - CHECK THE MEMBER ID ON THE CARD'],
      payerClaimNumber: null,
    });
    expect(missing).toMatchObject({
      patientControlNumber: 'C1003-1',
      kind: 'rejected',
      categoryCode: 'A6',
      reasons: [
        "Rejected for missing information: entity's National Provider Identifier (NPI): rendering provider",
      ],
    });
  });

  it('leaves line-level statuses out of the claim and reads no claim twice', () => {
    expect(read277('ack-277ca-rejected.x12').claims).toHaveLength(2);
  });

  it.each([
    [['A1'], 'receipt'],
    [['A1', 'A2'], 'accepted'],
    [['A2', 'A3'], 'rejected'],
    [['A8'], 'rejected'],
    [['A4'], 'other'],
  ])('categories %j make the claim %s', (categories, kind) => {
    const text = RECEIVED_FIXTURES['ack-277ca-accepted.x12'];
    const stcs = categories.map((category) => `STC*${category}:20:PR*20240702*WQ*90~\n`).join('');
    // One STC becomes several: SE01 grows by the difference.
    const replaced = text
      .replace('STC*A1:19:PR*20240702*WQ*90~\n', stcs)
      .replace(/SE\*(\d+)\*0001/, (_all, count: string) => {
        return `SE*${Number(count) - 1 + categories.length}*0001`;
      });
    const claim = interpret277ca(parseX12(replaced)).claims.find(
      (found) => found.patientControlNumber === 'C1003-1',
    );
    expect(claim?.kind).toBe(kind);
  });
});
