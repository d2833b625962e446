/**
 * Scrub rules about the services of a claim and, on a secondary claim, what the
 * primary payer did with them. Each needs only the claim. Pure.
 */
import { isServiceCode } from '../practice-places.ts';
import { X12_ID_PATTERN } from '../x12/x12-issues.ts';
import { toX12Date, x12Text } from '../x12/x12-format.ts';
import {
  isModifier,
  isPlaceOfService,
  linePlace,
  MAX_LINES,
  MAX_MODIFIERS,
  MAX_POINTERS,
  TELEHEALTH_MODIFIER,
  TELEHEALTH_PLACES,
} from './claim-values.ts';
import type { Claim, ServiceLine } from './model.ts';
import { claimProblem, type ClaimProblem } from './problems.ts';

/** REF*6R: our line numbers are short ids; the ERA echoes them back for matching. */
const LINE_CONTROL_NUMBER = /^[A-Za-z0-9-]{1,30}$/;

/** How messages name a line: 'Service 2 (90837)'. */
export function lineLabel(line: ServiceLine, index: number): string {
  const code = line.procedureCode.trim();
  return code === '' ? `Service ${index + 1}` : `Service ${index + 1} (${code})`;
}

function codeProblems(claim: Claim, line: ServiceLine, index: number, out: ClaimProblem[]): void {
  const field = `lines[${index}]`;
  const label = lineLabel(line, index);
  if (!isServiceCode(line.procedureCode.trim().toUpperCase()))
    out.push(claimProblem('procedureCodeInvalid', `${field}.procedureCode`, label));
  if (line.modifiers.length > MAX_MODIFIERS)
    out.push(claimProblem('tooManyModifiers', `${field}.modifiers`, label));
  else if (!line.modifiers.every(isModifier))
    out.push(claimProblem('modifierInvalid', `${field}.modifiers`, label));
  const pointers = line.diagnosisPointers;
  if (pointers.length === 0) {
    out.push(claimProblem('pointersMissing', `${field}.diagnosisPointers`, label));
  } else if (
    pointers.length > MAX_POINTERS ||
    new Set(pointers).size !== pointers.length ||
    !pointers.every((p) => Number.isInteger(p) && p >= 1 && p <= claim.diagnoses.length)
  ) {
    out.push(claimProblem('pointerOutOfRange', `${field}.diagnosisPointers`, label));
  }
  const place = line.placeOfService ?? '';
  if (place.trim() !== '' && !isPlaceOfService(place))
    out.push(claimProblem('placeOfServiceInvalid', `${field}.placeOfService`, ` of ${label}`));
  const telehealth = (TELEHEALTH_PLACES as readonly string[]).includes(linePlace(claim, line));
  if (telehealth && !line.modifiers.some((m) => m.trim() === TELEHEALTH_MODIFIER))
    out.push(claimProblem('telehealthModifierMissing', `${field}.modifiers`, label));
}

function amountProblems(line: ServiceLine, index: number, out: ClaimProblem[]): void {
  const field = `lines[${index}]`;
  const label = lineLabel(line, index);
  if (line.chargeCents === null || !Number.isSafeInteger(line.chargeCents) || line.chargeCents <= 0)
    out.push(claimProblem('chargeMissing', `${field}.chargeCents`, label));
  if (!Number.isFinite(line.units) || line.units <= 0)
    out.push(claimProblem('unitsInvalid', `${field}.units`, label));
  if (toX12Date(line.dateOfService.trim()) === null)
    out.push(claimProblem('serviceDateInvalid', `${field}.dateOfService`, label));
}

/** On a secondary claim, the primary's line payment and adjustments must add up to the charge. */
function lineAdjudicationProblems(line: ServiceLine, index: number, out: ClaimProblem[]): void {
  const adjudication = line.otherPayer;
  if (!adjudication || line.chargeCents === null) return;
  const adjusted = adjudication.adjustments.reduce((sum, a) => sum + a.amountCents, 0);
  if (adjudication.paidCents + adjusted !== line.chargeCents)
    out.push(
      claimProblem(
        'otherPayerLineUnbalanced',
        `lines[${index}].otherPayer`,
        lineLabel(line, index),
      ),
    );
}

/** Problems with the services: codes, pointers, fees, dates, line numbers. */
export function lineProblems(claim: Claim): ClaimProblem[] {
  const out: ClaimProblem[] = [];
  if (claim.lines.length === 0) out.push(claimProblem('noServiceLines', 'lines'));
  if (claim.lines.length > MAX_LINES) out.push(claimProblem('tooManyLines', 'lines'));
  const seen = new Set<string>();
  claim.lines.forEach((line, index) => {
    codeProblems(claim, line, index, out);
    amountProblems(line, index, out);
    const number = line.lineControlNumber.trim();
    const field = `lines[${index}].lineControlNumber`;
    if (!LINE_CONTROL_NUMBER.test(number))
      out.push(claimProblem('lineControlNumberInvalid', field, lineLabel(line, index)));
    else if (seen.has(number))
      out.push(claimProblem('lineControlNumberRepeated', field, lineLabel(line, index)));
    seen.add(number);
    lineAdjudicationProblems(line, index, out);
  });
  return out;
}

/** A secondary or tertiary claim carries what the payer before it did. */
export function otherPayerProblems(claim: Claim): ClaimProblem[] {
  const other = claim.otherPayer;
  if (!other) {
    const responsibility = claim.policy?.responsibility ?? 'primary';
    return responsibility === 'primary' ? [] : [claimProblem('otherPayerMissing', 'otherPayer')];
  }
  const missing: [string, string][] = [];
  if (x12Text(other.payer.name, 60) === '') missing.push(['payer.name', 'the payer’s name']);
  if (!X12_ID_PATTERN.test(other.payer.payerId.trim()))
    missing.push(['payer.payerId', 'the payer id']);
  if (!X12_ID_PATTERN.test(other.memberId.trim())) missing.push(['memberId', 'the member id']);
  if (
    x12Text(other.subscriber.lastName, 60) === '' ||
    x12Text(other.subscriber.firstName, 35) === ''
  )
    missing.push(['subscriber', 'the subscriber’s name']);
  if (!Number.isSafeInteger(other.paidCents) || other.paidCents < 0)
    missing.push(['paidCents', 'the amount paid']);
  if (toX12Date(other.adjudicationDate.trim()) === null)
    missing.push(['adjudicationDate', 'the date it was processed']);
  return missing.map(([path, what]) =>
    claimProblem('otherPayerInvalid', `otherPayer.${path}`, what),
  );
}
