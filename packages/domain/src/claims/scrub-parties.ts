/**
 * Scrub rules about the parties of a claim: the billing provider, the rendering
 * and supervising providers, the payer and policy, the subscriber and the client.
 * Each needs only the claim, so the builder can run them too. Pure.
 */
import { npi as isValidNpi } from '../validators.ts';
import { X12_ID_PATTERN } from '../x12/x12-issues.ts';
import { toX12Date, x12Text } from '../x12/x12-format.ts';
import { hasZipPlus4, isCompleteAddress, isPoBox, isTaxonomy, tinDigits } from './claim-values.ts';
import type { Claim, ClaimPerson, ClaimProvider } from './model.ts';
import { claimProblem, type ClaimProblem } from './problems.ts';

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';
/** A name is there only if something of it survives the X12 character set ('张伟' does not). */
const noName = (value: string | null | undefined): boolean => x12Text(value ?? '', 60) === '';

function billingProblems(claim: Claim, out: ClaimProblem[]): void {
  const { billing } = claim;
  if (blank(billing.npi)) out.push(claimProblem('billingNpiMissing', 'billing.npi'));
  else if (!isValidNpi(billing.npi.trim()))
    out.push(claimProblem('billingNpiInvalid', 'billing.npi'));
  if (blank(billing.tin.value)) out.push(claimProblem('billingTinMissing', 'billing.tin'));
  else if (tinDigits(billing.tin.value) === null)
    out.push(claimProblem('billingTinInvalid', 'billing.tin'));
  const entity = billing.entity;
  const nameMissing =
    entity.kind === 'organisation'
      ? noName(entity.name)
      : noName(entity.lastName) || noName(entity.firstName);
  if (nameMissing) out.push(claimProblem('billingNameMissing', 'billing.entity'));
  if (!isCompleteAddress(billing.address)) {
    out.push(claimProblem('billingAddressMissing', 'billing.address'));
  } else {
    if (isPoBox(billing.address)) out.push(claimProblem('billingAddressPoBox', 'billing.address'));
    if (!hasZipPlus4(billing.address.zip))
      out.push(claimProblem('billingZipPlus4Missing', 'billing.address.zip'));
  }
  if (billing.payTo && !isCompleteAddress(billing.payTo))
    out.push(claimProblem('payToAddressIncomplete', 'billing.payTo'));
  if (!blank(billing.taxonomy) && !isTaxonomy(billing.taxonomy ?? ''))
    out.push(claimProblem('taxonomyInvalid', 'billing.taxonomy', 'billing provider’s'));
}

function providerProblems(claim: Claim, out: ClaimProblem[]): void {
  const check = (provider: ClaimProvider, field: 'rendering' | 'supervising') => {
    const npiOk = !blank(provider.npi) && isValidNpi(provider.npi.trim());
    if (field === 'rendering') {
      if (!npiOk) out.push(claimProblem('renderingNpiInvalid', 'rendering.npi'));
      if (noName(provider.lastName) || noName(provider.firstName))
        out.push(claimProblem('renderingNameMissing', 'rendering'));
    } else if (!npiOk || noName(provider.lastName)) {
      out.push(claimProblem('supervisorNpiInvalid', 'supervising.npi'));
    }
    if (!blank(provider.taxonomy) && !isTaxonomy(provider.taxonomy ?? '')) {
      const who = field === 'rendering' ? 'rendering provider’s' : 'supervising provider’s';
      out.push(claimProblem('taxonomyInvalid', `${field}.taxonomy`, who));
    }
  };
  if (claim.rendering) check(claim.rendering, 'rendering');
  if (claim.supervising) check(claim.supervising, 'supervising');
  if (
    claim.rendering &&
    claim.supervising &&
    !blank(claim.rendering.npi) &&
    claim.rendering.npi.trim() === claim.supervising.npi.trim()
  ) {
    out.push(claimProblem('supervisorIsRendering', 'supervising'));
  }
}

function payerAndPolicyProblems(claim: Claim, out: ClaimProblem[]): void {
  if (noName(claim.payer.name) || blank(claim.payer.payerId)) {
    out.push(claimProblem('payerMissing', 'payer'));
  } else if (!X12_ID_PATTERN.test(claim.payer.payerId.trim()) || claim.payer.payerId.length > 80) {
    out.push(claimProblem('payerIdInvalid', 'payer.payerId'));
  }
  const { policy } = claim;
  if (policy === null) {
    out.push(claimProblem('policyMissing', 'policy'));
    return;
  }
  if (blank(policy.memberId)) out.push(claimProblem('memberIdMissing', 'policy.memberId'));
  else if (!X12_ID_PATTERN.test(policy.memberId.trim()) || policy.memberId.trim().length > 80)
    out.push(claimProblem('memberIdInvalid', 'policy.memberId'));
}

/**
 * One person's required details. `who` words the message ("the client's date of
 * birth"); the client's (the patient's) birth date and address are required,
 * the subscriber's only when the subscriber is the client.
 */
function personProblems(
  person: ClaimPerson,
  field: 'subscriber' | 'patient',
  who: string,
  isPatient: boolean,
  out: ClaimProblem[],
): void {
  const missing = (what: string, path: string) =>
    out.push(claimProblem('clientDetailMissing', `${field}.${path}`, `${who} ${what}`));
  if (noName(person.lastName)) missing('last name', 'lastName');
  if (noName(person.firstName)) missing('first name', 'firstName');
  if (isPatient && blank(person.dob)) missing('date of birth', 'dob');
  else if (!blank(person.dob) && toX12Date(person.dob?.trim() ?? '') === null)
    missing('date of birth as a real date', 'dob');
  if (isPatient && !isCompleteAddress(person.address)) missing('address', 'address');
  else if (person.address && !isCompleteAddress(person.address))
    missing('complete address', 'address');
}

function peopleProblems(claim: Claim, out: ClaimProblem[]): void {
  if (claim.patient === null) {
    personProblems(claim.subscriber, 'subscriber', 'the client’s', true, out);
  } else {
    personProblems(claim.subscriber, 'subscriber', 'the subscriber’s', false, out);
    personProblems(claim.patient, 'patient', 'the client’s', true, out);
  }
}

/** Problems with who bills, who rendered, who pays and who was seen. */
export function partyProblems(claim: Claim): ClaimProblem[] {
  const out: ClaimProblem[] = [];
  billingProblems(claim, out);
  providerProblems(claim, out);
  payerAndPolicyProblems(claim, out);
  peopleProblems(claim, out);
  return out;
}
