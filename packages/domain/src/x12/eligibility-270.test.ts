import { describe, expect, it } from 'vitest';
import { build270 } from './eligibility-270.ts';
import type { Eligibility270Input } from './input-270.ts';
import { toX12Date, toX12Time, x12Text } from './x12-format.ts';
import { envelopeIssues, parseX12, serializeSegment } from './segments.ts';

const base: Eligibility270Input = {
  sender: { id: 'OPENPRACTICE' },
  receiver: { id: 'CLEARINGHOUSE', qualifier: '30' },
  payer: { name: 'Acme Health Plan', payerId: '60054' },
  provider: { npi: '1234567893', name: 'Riverside Counseling' },
  interchangeControlNumber: 42,
  groupControlNumber: 7,
  transactionControlNumber: 1,
  traceNumber: 'ELIG-1001',
  date: '2024-06-15',
  time: '09:05',
  subscriber: {
    memberId: 'W123456789',
    firstName: 'Jane',
    lastName: 'Doe',
    dob: '1985-04-12',
    gender: 'F',
  },
  serviceTypeCodes: ['30', 'MH'],
  usage: 'T',
};

function built(input: Eligibility270Input): string[] {
  const result = build270(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.text.split('~').filter((s) => s !== '');
}

describe('build270 for a subscriber', () => {
  const lines = built(base);

  it.each<[number, string]>([
    [
      0,
      'ISA*00*          *00*          *ZZ*OPENPRACTICE   *30*CLEARINGHOUSE  *240615*0905*^*00501*000000042*0*T*:',
    ],
    [1, 'GS*HS*OPENPRACTICE*CLEARINGHOUSE*20240615*0905*7*X*005010X279A1'],
    [2, 'ST*270*0001*005010X279A1'],
    [3, 'BHT*0022*13*ELIG-1001*20240615*0905'],
    [4, 'HL*1**20*1'],
    [5, 'NM1*PR*2*ACME HEALTH PLAN*****PI*60054'],
    [6, 'HL*2*1*21*1'],
    [7, 'NM1*1P*2*RIVERSIDE COUNSELING*****XX*1234567893'],
    [8, 'HL*3*2*22*0'],
    [9, 'TRN*1*ELIG-1001*9123456789'],
    [10, 'NM1*IL*1*DOE*JANE****MI*W123456789'],
    [11, 'DMG*D8*19850412*F'],
    [12, 'DTP*291*D8*20240615'],
    [13, 'EQ*30'],
    [14, 'EQ*MH'],
    [15, 'SE*14*0001'],
    [16, 'GE*1*7'],
    [17, 'IEA*1*000000042'],
  ])('segment %i is %s', (index, expected) => {
    expect(lines[index]).toBe(expected);
  });

  it('has exactly these segments', () => {
    expect(lines).toHaveLength(18);
  });

  it('has a fixed-width ISA of 106 characters', () => {
    const result = build270(base);
    expect(result.ok && result.text.indexOf('GS*')).toBe(106);
  });

  it('has a sound envelope and reports its transaction segment count', () => {
    const result = build270(base);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(envelopeIssues(result.segments)).toEqual([]);
    expect(result.transactionSegmentCount).toBe(14);
  });

  it('round trips through the tokenizer', () => {
    const result = build270(base);
    if (!result.ok) throw new Error('expected ok');
    const doc = parseX12(result.text);
    expect(doc.delimiters).toEqual({ element: '*', component: ':', segment: '~', repetition: '^' });
    expect(doc.segments).toEqual(result.segments);
    expect(doc.segments.map((s) => serializeSegment(s))).toEqual(lines);
    expect(doc.segments.map((s) => s.id)).toEqual([
      'ISA',
      'GS',
      'ST',
      'BHT',
      'HL',
      'NM1',
      'HL',
      'NM1',
      'HL',
      'TRN',
      'NM1',
      'DMG',
      'DTP',
      'EQ',
      'EQ',
      'SE',
      'GE',
      'IEA',
    ]);
  });
});

describe('build270 for a dependent', () => {
  const lines = built({
    ...base,
    provider: { npi: '1245319599', firstName: 'Alex', lastName: 'Smith' },
    interchangeControlNumber: 123456789,
    groupControlNumber: 999,
    transactionControlNumber: 12345,
    referenceId: 'REF77',
    traceAssigningEntityId: '1987654321',
    serviceDate: '2024-06-20',
    subscriber: { memberId: 'W123', firstName: 'John', lastName: "O'Neil*Smith" },
    dependent: { firstName: 'Emma', lastName: 'Doe', dob: '2012-07-04', relationship: 'child' },
    serviceTypeCodes: ['A6'],
    usage: 'P',
  });

  it.each<[number, string]>([
    [
      0,
      'ISA*00*          *00*          *ZZ*OPENPRACTICE   *30*CLEARINGHOUSE  *240615*0905*^*00501*123456789*0*P*:',
    ],
    [1, 'GS*HS*OPENPRACTICE*CLEARINGHOUSE*20240615*0905*999*X*005010X279A1'],
    [2, 'ST*270*12345*005010X279A1'],
    [3, 'BHT*0022*13*REF77*20240615*0905'],
    [4, 'HL*1**20*1'],
    [5, 'NM1*PR*2*ACME HEALTH PLAN*****PI*60054'],
    [6, 'HL*2*1*21*1'],
    [7, 'NM1*1P*1*SMITH*ALEX****XX*1245319599'],
    [8, 'HL*3*2*22*1'],
    [9, "NM1*IL*1*O'NEIL SMITH*JOHN****MI*W123"],
    [10, 'HL*4*3*23*0'],
    [11, 'TRN*1*ELIG-1001*1987654321'],
    [12, 'NM1*03*1*DOE*EMMA'],
    [13, 'DMG*D8*20120704'],
    [14, 'INS*N*19'],
    [15, 'DTP*291*D8*20240620'],
    [16, 'EQ*A6'],
    [17, 'SE*16*12345'],
    [18, 'GE*1*999'],
    [19, 'IEA*1*123456789'],
  ])('segment %i is %s', (index, expected) => {
    expect(lines[index]).toBe(expected);
  });

  it('has exactly these segments and a sound envelope', () => {
    expect(lines).toHaveLength(20);
    expect(envelopeIssues(parseX12(`${lines.join('~')}~`).segments)).toEqual([]);
  });
});

describe('build270 validation', () => {
  it.each<[string, Partial<Eligibility270Input>, string, string]>([
    [
      'missing member id',
      { subscriber: { ...base.subscriber, memberId: ' ' } },
      'subscriber.memberId',
      'Member id is required.',
    ],
    [
      'short NPI',
      { provider: { npi: '123456789', name: 'X' } },
      'provider.npi',
      'Provider NPI must be 10 digits with a valid check digit.',
    ],
    [
      'bad NPI check digit',
      { provider: { npi: '1234567890', name: 'X' } },
      'provider.npi',
      'Provider NPI must be 10 digits with a valid check digit.',
    ],
    [
      'missing NPI',
      { provider: { npi: '', name: 'X' } },
      'provider.npi',
      'Provider NPI is required.',
    ],
    [
      'missing provider name',
      { provider: { npi: '1234567893' } },
      'provider.name',
      'Provider name is required.',
    ],
    ['impossible date', { date: '2024-02-30' }, 'date', 'Date must be a valid date (YYYY-MM-DD).'],
    ['bad time', { time: '24:00' }, 'time', 'Time must be a valid time (HH:MM).'],
    [
      'bad service date',
      { serviceDate: '06/20/2024' },
      'serviceDate',
      'Service date must be a valid date (YYYY-MM-DD).',
    ],
    [
      'bad dob',
      { subscriber: { ...base.subscriber, dob: '1985-13-01' } },
      'subscriber.dob',
      'Subscriber date of birth must be a valid date (YYYY-MM-DD).',
    ],
    [
      'missing subscriber dob',
      { subscriber: { ...base.subscriber, dob: null } },
      'subscriber.dob',
      'Subscriber date of birth is required.',
    ],
    [
      'missing first name',
      { subscriber: { ...base.subscriber, firstName: '' } },
      'subscriber.firstName',
      'Subscriber first name is required.',
    ],
    [
      'dependent without dob',
      { dependent: { firstName: 'A', lastName: 'B', relationship: 'spouse' } },
      'dependent.dob',
      'Dependent date of birth is required.',
    ],
    [
      'no service types',
      { serviceTypeCodes: [] },
      'serviceTypeCodes',
      'At least one service type code is required.',
    ],
    [
      'bad service type',
      { serviceTypeCodes: ['mh'] },
      'serviceTypeCodes',
      "Invalid service type code 'mh'.",
    ],
    [
      'control number zero',
      { interchangeControlNumber: 0 },
      'interchangeControlNumber',
      'Interchange control number must be a whole number from 1 to 999999999.',
    ],
    [
      'control number too big',
      { groupControlNumber: 1_000_000_000 },
      'groupControlNumber',
      'Group control number must be a whole number from 1 to 999999999.',
    ],
    [
      'sender id too long',
      { sender: { id: 'A'.repeat(16) } },
      'sender.id',
      'Sender id must be at most 15 characters.',
    ],
    [
      'bad qualifier',
      { sender: { id: 'A', qualifier: 'Z' } },
      'sender.qualifier',
      'Interchange id qualifier must be 2 letters or digits.',
    ],
    [
      'member id with a separator',
      { subscriber: { ...base.subscriber, memberId: 'W1*2' } },
      'subscriber.memberId',
      'Member id has characters that X12 cannot carry.',
    ],
    [
      'bad trace entity',
      { traceAssigningEntityId: '2123456789' },
      'traceAssigningEntityId',
      'Trace assigning entity id must be 10 characters starting with 1 or 9.',
    ],
    [
      'missing payer name',
      { payer: { name: '', payerId: '1' } },
      'payer.name',
      'Payer name is required.',
    ],
  ])('%s', (_name, change, field, message) => {
    const result = build270({ ...base, ...change });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({ field, message });
  });

  it('reports every problem at once', () => {
    const result = build270({
      ...base,
      date: 'x',
      time: 'y',
      subscriber: { ...base.subscriber, memberId: '' },
    });
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual([
      'date',
      'time',
      'subscriber.memberId',
    ]);
  });
});

describe('helpers', () => {
  it.each<[string, string | null]>([
    ['2024-02-29', '20240229'],
    ['2023-02-29', null],
    ['2024-1-01', null],
    ['', null],
  ])('toX12Date(%j)', (value, expected) => {
    expect(toX12Date(value)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['00:00', '0000'],
    ['23:59', '2359'],
    ['9:05', null],
  ])('toX12Time(%j)', (value, expected) => {
    expect(toX12Time(value)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['  Mary  Ann ', 60, 'MARY ANN'],
    ['A*B:C~D^E', 60, 'A B C D E'],
    ['Long name', 4, 'LONG'],
  ])('x12Text(%j, %i)', (value, max, expected) => {
    expect(x12Text(value, max)).toBe(expected);
  });
});
