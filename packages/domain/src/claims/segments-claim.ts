/**
 * 837P segments for one claim (005010X222A1): 2300 claim information, the
 * 2310 provider loops, 2320/2330 other payer (secondary claims) and the 2400
 * service lines with their 2430 line adjudication. Situational loops appear
 * only when they apply. Pure.
 *
 * Loop ids are the implementation guide's: 2310A referring, 2310B rendering,
 * 2310C service facility location, 2310D supervising provider (issue 20 calls
 * the rendering and supervising loops 2310B/2310C; the guide's 2310C is the
 * service facility, so supervising is 2310D here).
 */
import { seg, type X12Segment } from '../x12/segments.ts';
import { toX12Date, x12Amount } from '../x12/x12-format.ts';
import {
  claimTotalCents,
  icd10ForX12,
  linePlace,
  RELATIONSHIP_CODES,
  sameAddress,
  x12Quantity,
} from './claim-values.ts';
import type { Claim, ClaimAdjustment, OtherPayerClaim, ServiceLine } from './model.ts';
import { addressSegments, organisationNm1, personNm1, sbr } from './segments-parties.ts';

/** CAS allows 6 adjustments (reason, amount, quantity) per segment, one group code per segment. */
const CAS_TRIPLETS = 6;

/** CAS segments: one per group code in the order first seen, split every 6 adjustments. */
export function casSegments(adjustments: readonly ClaimAdjustment[]): X12Segment[] {
  const groups = new Map<string, ClaimAdjustment[]>();
  for (const adjustment of adjustments) {
    const list = groups.get(adjustment.group) ?? [];
    list.push(adjustment);
    groups.set(adjustment.group, list);
  }
  const out: X12Segment[] = [];
  for (const [group, list] of groups) {
    for (let start = 0; start < list.length; start += CAS_TRIPLETS) {
      const triplets = list
        .slice(start, start + CAS_TRIPLETS)
        .flatMap((a) => [
          a.reason.trim().toUpperCase(),
          x12Amount(a.amountCents),
          a.quantity === null || a.quantity === undefined ? '' : x12Quantity(a.quantity),
        ]);
      out.push(seg('CAS', group, ...triplets));
    }
  }
  return out;
}

const date8 = (iso: string): string => toX12Date(iso.trim()) ?? '';

/** CLM, the prior authorisation and original claim references, and the diagnoses. */
function claimInformation(claim: Claim): X12Segment[] {
  const out = [
    seg(
      'CLM',
      claim.patientControlNumber.trim(),
      x12Amount(claimTotalCents(claim)),
      '',
      '',
      `${claim.placeOfService.trim()}:B:${claim.frequency}`,
      'Y',
      claim.acceptsAssignment === false ? 'C' : 'A',
      claim.benefitsAssigned === false ? 'N' : 'Y',
      claim.releaseOfInformation ?? 'Y',
    ),
  ];
  const authorisation = (claim.priorAuthorisation ?? '').trim();
  if (authorisation !== '') out.push(seg('REF', 'G1', authorisation));
  const original = (claim.originalClaimNumber ?? '').trim();
  if (claim.frequency !== '1' && original !== '') out.push(seg('REF', 'F8', original));
  out.push(
    seg(
      'HI',
      ...claim.diagnoses.map((code, i) => `${i === 0 ? 'ABK' : 'ABF'}:${icd10ForX12(code)}`),
    ),
  );
  return out;
}

/** 2310B rendering, 2310C service facility and 2310D supervising, each only when it differs from the billing provider. */
function providerLoops(claim: Claim): X12Segment[] {
  const billingNpi = claim.billing.npi.trim();
  const out: X12Segment[] = [];
  const { rendering, serviceFacility, supervising } = claim;
  if (rendering && rendering.npi.trim() !== billingNpi) {
    out.push(personNm1('82', rendering, 'XX', rendering.npi));
    const taxonomy = (rendering.taxonomy ?? '').trim().toUpperCase();
    if (taxonomy !== '') out.push(seg('PRV', 'PE', 'PXC', taxonomy));
  }
  if (serviceFacility && !sameAddress(serviceFacility.address, claim.billing.address)) {
    out.push(
      organisationNm1('77', serviceFacility.name, 'XX', serviceFacility.npi ?? ''),
      ...addressSegments(serviceFacility.address),
    );
  }
  if (supervising && supervising.npi.trim() !== billingNpi)
    out.push(personNm1('DQ', supervising, 'XX', supervising.npi));
  return out;
}

/** 2320 other subscriber information, 2330A other subscriber, 2330B other payer. */
function otherPayerLoops(claim: Claim, other: OtherPayerClaim): X12Segment[] {
  const lineLevel = claim.lines.some((line) => line.otherPayer);
  return [
    sbr(other, RELATIONSHIP_CODES[other.relationship]),
    ...casSegments(other.adjustments ?? []),
    seg('AMT', 'D', x12Amount(other.paidCents)),
    seg(
      'OI',
      '',
      '',
      claim.benefitsAssigned === false ? 'N' : 'Y',
      '',
      '',
      claim.releaseOfInformation ?? 'Y',
    ),
    personNm1('IL', other.subscriber, 'MI', other.memberId),
    organisationNm1('PR', other.payer.name, 'PI', other.payer.payerId),
    // The claim-level adjudication date is for payers that gave no line detail.
    ...(lineLevel ? [] : [seg('DTP', '573', 'D8', date8(other.adjudicationDate))]),
  ];
}

/** HC:code:modifiers, the procedure composite SV101 and SVD03 share. */
function procedure(line: ServiceLine): string {
  return ['HC', line.procedureCode, ...line.modifiers].map((p) => p.trim().toUpperCase()).join(':');
}

/** 2400 service line (LX, SV1, DTP*472, REF*6R) and, on a secondary claim, its 2430. */
function serviceLine(
  claim: Claim,
  line: ServiceLine,
  index: number,
  other: OtherPayerClaim | null,
): X12Segment[] {
  const place = linePlace(claim, line);
  const out = [
    seg('LX', String(index + 1)),
    seg(
      'SV1',
      procedure(line),
      x12Amount(line.chargeCents ?? 0),
      'UN',
      x12Quantity(line.units),
      // SV105 only when this line's place differs from the claim's (CLM05-1).
      place === claim.placeOfService.trim() ? '' : place,
      '',
      line.diagnosisPointers.map(String).join(':'),
    ),
    seg('DTP', '472', 'D8', date8(line.dateOfService)),
    seg('REF', '6R', line.lineControlNumber.trim()),
  ];
  const adjudication = line.otherPayer;
  if (other && adjudication) {
    out.push(
      seg(
        'SVD',
        other.payer.payerId.trim(),
        x12Amount(adjudication.paidCents),
        procedure(line),
        '',
        x12Quantity(adjudication.paidUnits ?? line.units),
      ),
      ...casSegments(adjudication.adjustments),
      seg('DTP', '573', 'D8', date8(other.adjudicationDate)),
    );
  }
  return out;
}

/** Everything from CLM to the last service line of one claim. */
export function claimLoops(claim: Claim): X12Segment[] {
  const other = claim.otherPayer ?? null;
  return [
    ...claimInformation(claim),
    ...providerLoops(claim),
    ...(other ? otherPayerLoops(claim, other) : []),
    ...claim.lines.flatMap((line, index) => serviceLine(claim, line, index, other)),
  ];
}
