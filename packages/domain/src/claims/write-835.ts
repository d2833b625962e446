/**
 * A sound 835 paying claims we made (issue 20 items 6, 7 and 11): the envelope as the fixtures
 * in fixtures/era-*.x12, with its counts computed. The demo's remittances and the tests pay real
 * claims with it, as the local clearinghouse will. Amounts in cents; dates YYYY-MM-DD.
 */
export type EraLine = {
  lineControlNumber?: string;
  code: string;
  date: string;
  chargeCents: number;
  paidCents: number;
  contractualCents?: number;
  patientCents?: number;
};

export type EraClaim = {
  patientControlNumber: string;
  /** CLP02: 1 processed as primary, 4 denied, 22 reversal. */
  status?: string;
  payerClaimNumber?: string;
  lines: EraLine[];
  /** A claim paid as a whole (no service lines): its amounts, with claim-level CAS. */
  whole?: Omit<EraLine, 'lineControlNumber' | 'code' | 'date'>;
};

const money = (cents: number) => (cents / 100).toFixed(2);
const day = (date: string) => date.replaceAll('-', '');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const ISA =
  'ISA*00*          *00*          *ZZ*CLEARINGHOUSE  *ZZ*OPENPRACTICE   *240719*0900*^*00501*000007001*0*T*:~';

const adjustments = (amounts: Pick<EraLine, 'contractualCents' | 'patientCents'>) => [
  ...(amounts.contractualCents ? [`CAS*CO*45*${money(amounts.contractualCents)}`] : []),
  ...(amounts.patientCents ? [`CAS*PR*3*${money(amounts.patientCents)}`] : []),
];

function claimSegments(claim: EraClaim): string[] {
  const amounts = claim.whole ? [claim.whole] : claim.lines;
  const charge = sum(amounts.map((l) => l.chargeCents));
  const paid = sum(amounts.map((l) => l.paidCents));
  const patient = sum(amounts.map((l) => l.patientCents ?? 0));
  return [
    `CLP*${claim.patientControlNumber}*${claim.status ?? '1'}*${money(charge)}*${money(paid)}*${money(patient)}*12*${claim.payerClaimNumber ?? 'PCN1'}*11*1`,
    ...(claim.whole ? adjustments(claim.whole) : []),
    'NM1*QC*1*DOE*JANE****MI*W123456789',
    ...claim.lines.flatMap((line) => [
      `SVC*HC:${line.code}*${money(line.chargeCents)}*${money(line.paidCents)}**1`,
      `DTM*472*${day(line.date)}`,
      ...adjustments(line),
      ...(line.lineControlNumber ? [`REF*6R*${line.lineControlNumber}`] : []),
    ]),
  ];
}

/** One payment (BPR02 = Σ CLP04 unless `paymentCents` says otherwise: an unbalanced ERA). */
export function era835(input: {
  traceNumber: string;
  claims: EraClaim[];
  paymentCents?: number;
  /** Provider-level adjustments (PLB): positive when the payer takes money back. */
  providerAdjustments?: { reason: string; reference: string; amountCents: number }[];
}): string {
  const plb = input.providerAdjustments ?? [];
  const paid = sum(
    input.claims.map((c) => (c.whole ? c.whole.paidCents : sum(c.lines.map((l) => l.paidCents)))),
  );
  const body = [
    'ST*835*0001',
    `BPR*I*${money(input.paymentCents ?? paid - sum(plb.map((a) => a.amountCents)))}*C*CHK************20240722`,
    `TRN*1*${input.traceNumber}*1366001122`,
    'DTM*405*20240719',
    'N1*PR*ACME HEALTH PLAN',
    'REF*2U*60054',
    'N1*PE*RIVERSIDE COUNSELING*XX*1245319599',
    'LX*1',
    ...input.claims.flatMap(claimSegments),
    ...plb.map((a) => `PLB*1245319599*20241231*${a.reason}:${a.reference}*${money(a.amountCents)}`),
  ];
  const segments = [...body, `SE*${body.length + 1}*0001`];
  return [
    ISA,
    'GS*HP*CLEARINGHOUSE*OPENPRACTICE*20240719*0900*7001*X*005010X221A1~',
    ...segments.map((segment) => `${segment}~`),
    'GE*1*7001~',
    'IEA*1*000007001~',
  ].join('\n');
}
