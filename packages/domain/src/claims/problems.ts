/**
 * What the scrubber can say about a claim: a stable code (stored with the claim
 * and counted on the dashboard, so never renamed), whether it blocks the claim,
 * the message staff read, and the screen that fixes it. The claim pages link
 * `fix` to that screen; a claim with an error sits in scrubProblem until the
 * next scrub finds none.
 */

/** The screens that fix a problem: claim set-up, the client's details, the policy, the payer, the session note, the fee schedule, the authorisation, or the claim itself. */
export type ClaimFix =
  'claimSetup' | 'client' | 'policy' | 'payer' | 'note' | 'fees' | 'authorisation' | 'claim';

export type ClaimProblemSeverity = 'error' | 'warning';

export interface ClaimProblem {
  code: ClaimProblemCode;
  message: string;
  /** The claim model field it is about, e.g. 'billing.npi' or 'lines[1].modifiers'. */
  field: string;
  fix: ClaimFix;
}

export interface ScrubResult {
  /** Block the claim: it cannot be submitted until they are fixed. */
  errors: ClaimProblem[];
  /** Worth a look, but the claim may go. */
  warnings: ClaimProblem[];
}

interface Rule {
  severity: ClaimProblemSeverity;
  fix: ClaimFix;
  /** `detail` names the line, code or date the message is about. */
  message: (detail: string) => string;
}

const rule = (
  severity: ClaimProblemSeverity,
  fix: ClaimFix,
  message: (detail: string) => string,
): Rule => ({ severity, fix, message });
const error = (fix: ClaimFix, message: (detail: string) => string) => rule('error', fix, message);
const warning = (fix: ClaimFix, message: (detail: string) => string) =>
  rule('warning', fix, message);

export const CLAIM_RULES = {
  // Billing provider (claim set-up)
  billingNpiMissing: error('claimSetup', () => 'The billing provider has no NPI.'),
  billingNpiInvalid: error(
    'claimSetup',
    () => 'The billing provider’s NPI is not valid: it must be 10 digits with a valid check digit.',
  ),
  billingTinMissing: error(
    'claimSetup',
    () => 'The billing provider has no tax id (EIN, or SSN for a solo therapist).',
  ),
  billingTinInvalid: error('claimSetup', () => 'The billing provider’s tax id must be 9 digits.'),
  billingNameMissing: error('claimSetup', () => 'The billing provider has no name.'),
  billingAddressMissing: error(
    'claimSetup',
    () => 'The billing provider’s address is incomplete (street, city, 2-letter state, ZIP code).',
  ),
  billingAddressPoBox: error(
    'claimSetup',
    () =>
      'The billing provider’s address is a PO box. Payers need a street address; enter the PO box as the pay-to address.',
  ),
  billingZipPlus4Missing: error(
    'claimSetup',
    () => 'The billing provider’s ZIP code needs all 9 digits (ZIP+4, e.g. 12345-6789).',
  ),
  payToAddressIncomplete: error(
    'claimSetup',
    () => 'The pay-to address is incomplete (street or PO box, city, 2-letter state, ZIP code).',
  ),
  taxonomyInvalid: error(
    'claimSetup',
    (who) => `The ${who} taxonomy code is not valid: 10 characters ending in X, e.g. 101YP2500X.`,
  ),
  // Rendering and supervising providers (claim set-up)
  renderingNpiInvalid: error(
    'claimSetup',
    () => 'The rendering provider’s NPI is missing or not valid.',
  ),
  renderingNameMissing: error('claimSetup', () => 'The rendering provider has no name.'),
  supervisorMissing: error(
    'claimSetup',
    () =>
      'The rendering provider is supervised: the claim needs the supervising provider and their NPI.',
  ),
  supervisorNpiInvalid: error(
    'claimSetup',
    () => 'The supervising provider’s NPI is missing or not valid.',
  ),
  supervisorIsRendering: error(
    'claimSetup',
    () => 'The supervising provider cannot be the rendering provider.',
  ),
  // Policy and payer
  policyMissing: error('policy', () => 'The client has no insurance policy to bill.'),
  memberIdMissing: error('policy', () => 'The policy has no member id.'),
  memberIdInvalid: error(
    'policy',
    () => 'The member id may only have letters, digits, spaces, dots, hyphens and slashes.',
  ),
  payerMissing: error('payer', () => 'The payer has no name or payer id.'),
  payerIdInvalid: error(
    'payer',
    () => 'The payer id may only have letters, digits, spaces, dots, hyphens and slashes.',
  ),
  // The client and the subscriber
  clientDetailMissing: error('client', (what) => `The claim needs ${what}.`),
  // The claim itself
  controlNumberInvalid: error(
    'claim',
    () => 'The claim number must be 1 to 17 letters, digits or hyphens.',
  ),
  originalClaimNumberMissing: error(
    'claim',
    () => 'A corrected or void claim needs the payer’s claim number of the original claim.',
  ),
  originalClaimNumberInvalid: error(
    'claim',
    () =>
      'The original claim number may only have letters, digits, spaces, dots, hyphens and slashes.',
  ),
  placeOfServiceInvalid: error(
    'claim',
    (where) => `The place of service${where} must be a 2-digit code, e.g. 11 (office).`,
  ),
  diagnosisMissing: error('client', () => 'The claim has no diagnosis.'),
  diagnosisInvalid: error(
    'client',
    (code) => `‘${code}’ is not an ICD-10 code (a letter, a digit, a letter or digit, e.g. F41.1).`,
  ),
  tooManyDiagnoses: error('claim', () => 'A claim can carry at most 12 diagnoses.'),
  otherPayerMissing: error(
    'claim',
    () =>
      'A secondary claim needs the primary payer’s payment and adjustments, from its remittance.',
  ),
  otherPayerInvalid: error(
    'claim',
    (what) => `The primary payer’s details are incomplete: ${what}.`,
  ),
  authorisationMissing: error(
    'authorisation',
    () => 'This payer requires a prior authorisation number.',
  ),
  authorisationInvalid: error(
    'authorisation',
    () =>
      'The prior authorisation number may only have letters, digits, spaces, dots, hyphens and slashes.',
  ),
  timelyFilingPassed: error(
    'claim',
    (detail) => `The payer’s timely filing limit has passed: ${detail}.`,
  ),
  timelyFilingSoon: warning(
    'claim',
    (detail) => `The payer’s timely filing limit is close: ${detail}. Submit soon.`,
  ),
  // Service lines
  noServiceLines: error('claim', () => 'The claim has no services.'),
  tooManyLines: error('claim', () => 'A claim can carry at most 50 services.'),
  procedureCodeInvalid: error(
    'fees',
    (line) => `${line}: the service code must be a CPT or HCPCS code, e.g. 90837.`,
  ),
  tooManyModifiers: error('claim', (line) => `${line}: a service can carry at most 4 modifiers.`),
  modifierInvalid: error('claim', (line) => `${line}: a modifier is 2 letters or digits, e.g. 95.`),
  pointersMissing: error('claim', (line) => `${line}: point the service at a diagnosis.`),
  pointerOutOfRange: error(
    'claim',
    (line) =>
      `${line}: diagnosis pointers must be 1 to 4 different numbers of diagnoses on the claim.`,
  ),
  chargeMissing: error('fees', (line) => `${line}: there is no fee for this service.`),
  unitsInvalid: error('claim', (line) => `${line}: units must be more than 0.`),
  serviceDateInvalid: error('claim', (line) => `${line}: the date of service is not a valid date.`),
  serviceDateInFuture: error('claim', (line) => `${line}: the date of service is in the future.`),
  lineControlNumberInvalid: error(
    'claim',
    (line) => `${line}: the line number must be 1 to 30 letters, digits or hyphens.`,
  ),
  lineControlNumberRepeated: error(
    'claim',
    (line) => `${line}: another service on this claim has the same line number.`,
  ),
  telehealthModifierMissing: warning(
    'claim',
    (line) => `${line}: a telehealth place of service (02 or 10) usually needs modifier 95.`,
  ),
  unsignedNote: error('note', (line) => `${line}: the session note is not signed.`),
  otherPayerLineUnbalanced: error(
    'claim',
    (line) => `${line}: the primary payer’s payment and adjustments do not add up to the charge.`,
  ),
} as const satisfies Record<string, Rule>;

export type ClaimProblemCode = keyof typeof CLAIM_RULES;

export const CLAIM_PROBLEM_CODES = Object.keys(CLAIM_RULES) as ClaimProblemCode[];

/** A problem of `code` about `field`, worded with `detail`. */
export function claimProblem(code: ClaimProblemCode, field: string, detail = ''): ClaimProblem {
  const found: Rule = CLAIM_RULES[code];
  return { code, message: found.message(detail), field, fix: found.fix };
}

/** Splits problems into blocking errors and warnings, each in the order found. */
export function toScrubResult(problems: readonly ClaimProblem[]): ScrubResult {
  const isError = (p: ClaimProblem) => CLAIM_RULES[p.code].severity === 'error';
  return { errors: problems.filter(isError), warnings: problems.filter((p) => !isError(p)) };
}
