/**
 * One benefit of a 271 (an EB segment, with the dates and messages of its
 * 2110 loop). Pure; money in integer cents.
 */
import { X12_BENEFIT_CODES } from './codes.ts';
import { decimalToScaled, orNull } from './element-values.ts';
import { element, repetitions, type X12Delimiters, type X12Segment } from './segments.ts';

export interface BenefitDate {
  qualifier: string;
  /** YYYY-MM-DD */
  begin: string | null;
  end: string | null;
}

export interface Benefit {
  /** EB01, e.g. '1' active, '6' inactive, 'A' coinsurance, 'B' copay, 'C' deductible, 'F' limitations. */
  code: string;
  description: string;
  /** EB02, e.g. IND or FAM. */
  coverageLevel: string | null;
  /** EB03 service type codes. */
  serviceTypes: string[];
  /** EB04 insurance type, e.g. C1 commercial, MC Medicaid. */
  insuranceType: string | null;
  /** EB05 plan coverage description. */
  planCoverage: string | null;
  /** EB06, e.g. 23 calendar year, 29 remaining, 27 visit. */
  timePeriod: string | null;
  /** EB07 in cents. */
  amountCents: number | null;
  /** EB08 as a percentage (EB08 .2 is 20). */
  percent: number | null;
  /** EB09, e.g. VS visits. */
  quantityQualifier: string | null;
  /** EB10 */
  quantity: number | null;
  /** EB11 Y/N/U */
  authorizationRequired: string | null;
  /** EB12 Y in network, N out of network, W not applicable (both), U unknown. */
  inNetwork: string | null;
  /** EB13 composite procedure, e.g. ['HC', '90837']. */
  procedure: string[];
  dates: BenefitDate[];
  messages: string[];
}

/** The benefit an EB segment states; its dates and messages follow in later segments. */
export function toBenefit(segment: X12Segment, delimiters: X12Delimiters): Benefit {
  const code = element(segment, 1).trim();
  const quantity = element(segment, 10).trim();
  const percentBasisPoints = decimalToScaled(element(segment, 8), 4);
  let percent: number | null = null;
  if (percentBasisPoints !== null) {
    // EB08 is a fraction (.2 is 20 %); some payers send 20 meaning 20 %.
    percent = percentBasisPoints > 10_000 ? percentBasisPoints / 10_000 : percentBasisPoints / 100;
  }
  return {
    code,
    description: X12_BENEFIT_CODES[code] ?? code,
    coverageLevel: orNull(element(segment, 2)),
    serviceTypes: repetitions(element(segment, 3), delimiters)
      .map((type) => type.trim())
      .filter((type) => type !== ''),
    insuranceType: orNull(element(segment, 4)),
    planCoverage: orNull(element(segment, 5)),
    timePeriod: orNull(element(segment, 6)),
    amountCents: decimalToScaled(element(segment, 7), 2),
    percent,
    quantityQualifier: orNull(element(segment, 9)),
    quantity: quantity === '' || Number.isNaN(Number(quantity)) ? null : Number(quantity),
    authorizationRequired: orNull(element(segment, 11)),
    inNetwork: orNull(element(segment, 12)),
    procedure: element(segment, 13) === '' ? [] : element(segment, 13).split(delimiters.component),
    dates: [],
    messages: [],
  };
}
