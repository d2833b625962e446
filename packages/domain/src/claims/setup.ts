/**
 * Claim set-up (issue 20 item 1; spec-1 §2 `/perclaim/setup`): who bills (the billing
 * provider), who renders and supervises, and which clearinghouse carries the files. The
 * rules here are the ones the scrubber (scrub-parties.ts) applies to every claim, run once
 * when the practice saves its set-up so a mistake is caught where it is made, with the same
 * words. Each rule lives once: the NPI check digit in validators.ts, ZIP, TIN, taxonomy and
 * PO box reading in claim-values.ts, the messages in problems.ts. Pure.
 */
import { tinMessage } from '../practice-setup.ts';
import { npi as isValidNpi } from '../validators.ts';
import { hasZipPlus4, isCompleteAddress, isPoBox, isTaxonomy, tinDigits } from './claim-values.ts';
import type { BillingProvider, ClaimAddress, ClaimProvider, ClaimTin } from './model.ts';
import { CLAIM_RULES } from './problems.ts';

export { isTaxonomy };

/** What the set-up says about one field: the request's field path and the message. */
export interface SetupProblem {
  field: string;
  message: string;
}

export type BillingEntityKind = 'organisation' | 'person';

/** The billing provider as the set-up page keeps it (model.ts's BillingProvider, flat). */
export interface BillingProviderSetup {
  entityKind: BillingEntityKind;
  /** The organisation's legal name (NM103), for an organisation. */
  organisationName: string;
  /** The person's name, for an individual (a solo therapist billing under their own NPI). */
  firstName: string;
  lastName: string;
  npi: string;
  tin: ClaimTin;
  taxonomy: string;
  address: ClaimAddress;
  payTo: ClaimAddress | null;
}

export const CLAIM_SETUP_MESSAGES = {
  organisationNameMissing: 'Enter the organisation’s name as the payer knows it.',
  personNameMissing: 'Enter the billing provider’s first and last name.',
  npiMissing: 'Enter the billing provider’s NPI.',
  npiInvalid: CLAIM_RULES.billingNpiInvalid.message(''),
  tinMissing: 'Enter the tax id: the EIN, or the SSN of an individual provider.',
  tinInvalid: 'The tax id must be 9 digits (EIN 12-3456789, SSN 123-45-6789).',
  einInvalid: 'That is not an EIN: 9 digits with a prefix the IRS issues, e.g. 36-1234567.',
  organisationSsn: 'An organisation bills under its EIN, not a social security number.',
  ssnImpossible: 'That is not a social security number: no SSN starts with 000, 666 or 9.',
  taxonomyMissing: 'Enter the billing provider’s taxonomy code, e.g. 101YP2500X.',
  taxonomyInvalid: 'A taxonomy code is 10 characters ending in X, e.g. 101YP2500X.',
  addressIncomplete:
    'Enter the street address, city, 2-letter state and ZIP code where the practice is.',
  addressPoBox: CLAIM_RULES.billingAddressPoBox.message(''),
  zipPlus4: CLAIM_RULES.billingZipPlus4Missing.message(''),
  payToIncomplete: CLAIM_RULES.payToAddressIncomplete.message(''),
  renderingNpiInvalid:
    'The NPI is not valid: it must be 10 digits with a valid check digit (the therapist’s own, individual NPI).',
  renderingNpiRepeated: 'Another therapist has this NPI: each therapist has their own.',
  supervisorIsSelf: CLAIM_RULES.supervisorIsRendering.message(''),
  supervisorUnknown: 'Choose a supervising therapist of this practice.',
  supervisorNpiMissing:
    'The supervising therapist needs their own NPI before they can supervise on claims.',
  endpointInvalid: 'Enter the clearinghouse’s endpoint URL, starting with https://.',
  endpointCredentials: 'Put the username and secret in their own fields, not in the URL.',
  submitterIdInvalid:
    'The submitter id is 1 to 15 letters or digits, as the clearinghouse gave it.',
  usernameMissing: 'Enter the clearinghouse username.',
  secretMissing: 'Enter the clearinghouse secret (password or API key).',
  secretAgain:
    'The endpoint or username changed: enter the secret again, so it goes only where you meant it to.',
} as const;

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/**
 * A TIN's own rules beyond its 9 digits: an organisation has an EIN (payers refuse an SSN
 * with a group NPI); an SSN never starts 000, 666 or 9 (IRS-issued ITINs start with 9, and
 * they are not billed under); an EIN starts with a prefix the IRS issues.
 */
function tinProblem(kind: BillingEntityKind, tin: ClaimTin): string | null {
  if (blank(tin.value)) return CLAIM_SETUP_MESSAGES.tinMissing;
  const digits = tinDigits(tin.value);
  if (digits === null) return CLAIM_SETUP_MESSAGES.tinInvalid;
  if (tin.kind === 'ssn') {
    if (kind === 'organisation') return CLAIM_SETUP_MESSAGES.organisationSsn;
    return /^(000|666|9)/.test(digits) ? CLAIM_SETUP_MESSAGES.ssnImpossible : null;
  }
  // The EIN rule of the practice's information (practice-setup.ts): an issued prefix.
  return tinMessage(digits) === true ? null : CLAIM_SETUP_MESSAGES.einInvalid;
}

/** An address's problems as the billing provider's physical address: a street with ZIP+4. */
function physicalAddressProblems(address: ClaimAddress, out: SetupProblem[]): void {
  if (!isCompleteAddress(address)) {
    out.push({ field: 'billingProvider.address', message: CLAIM_SETUP_MESSAGES.addressIncomplete });
    return;
  }
  if (isPoBox(address))
    out.push({
      field: 'billingProvider.address.line1',
      message: CLAIM_SETUP_MESSAGES.addressPoBox,
    });
  if (!hasZipPlus4(address.zip))
    out.push({ field: 'billingProvider.address.zip', message: CLAIM_SETUP_MESSAGES.zipPlus4 });
}

/** Every problem of a billing provider, in the order of the page's fields. */
export function billingProviderProblems(setup: BillingProviderSetup): SetupProblem[] {
  const out: SetupProblem[] = [];
  const at = (field: string, message: string) =>
    out.push({ field: `billingProvider.${field}`, message });
  if (setup.entityKind === 'organisation') {
    if (blank(setup.organisationName))
      at('organisationName', CLAIM_SETUP_MESSAGES.organisationNameMissing);
  } else if (blank(setup.firstName) || blank(setup.lastName)) {
    at(blank(setup.firstName) ? 'firstName' : 'lastName', CLAIM_SETUP_MESSAGES.personNameMissing);
  }
  if (blank(setup.npi)) at('npi', CLAIM_SETUP_MESSAGES.npiMissing);
  else if (!isValidNpi(setup.npi.trim())) at('npi', CLAIM_SETUP_MESSAGES.npiInvalid);
  const tin = tinProblem(setup.entityKind, setup.tin);
  if (tin) at('tin', tin);
  if (blank(setup.taxonomy)) at('taxonomy', CLAIM_SETUP_MESSAGES.taxonomyMissing);
  else if (!isTaxonomy(setup.taxonomy)) at('taxonomy', CLAIM_SETUP_MESSAGES.taxonomyInvalid);
  physicalAddressProblems(setup.address, out);
  // The pay-to address is where the checks go: a PO box is fine there, ZIP+4 not needed.
  if (setup.payTo && !isCompleteAddress(setup.payTo))
    at('payTo', CLAIM_SETUP_MESSAGES.payToIncomplete);
  return out;
}

/** One therapist's rendering details as the set-up page sends them. */
export interface RenderingSetup {
  therapistId: number;
  /** Blank: not known yet (saved; the scrubber stops that therapist's claims until it is). */
  npi: string;
  taxonomy: string;
  supervisingTherapistId: number | null;
}

/**
 * Problems of the practice's rendering providers, as a whole: each NPI valid and its own,
 * each supervisor another therapist of the practice who has an NPI. `therapists` maps each
 * therapist of the practice to the NPI kept for them, for supervisors the request does not
 * change. `index` in the field path is the row's place in the request.
 */
export function renderingProblems(
  rows: readonly RenderingSetup[],
  therapists: ReadonlyMap<number, string | null>,
): SetupProblem[] {
  const out: SetupProblem[] = [];
  const npiOf = new Map([...therapists].map(([id, npi]) => [id, (npi ?? '').trim()]));
  for (const r of rows) npiOf.set(r.therapistId, r.npi.trim());
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const at = (field: string, message: string) =>
      out.push({ field: `providers.${String(index)}.${field}`, message });
    const npi = row.npi.trim();
    if (npi !== '') {
      if (!isValidNpi(npi)) at('npi', CLAIM_SETUP_MESSAGES.renderingNpiInvalid);
      else if (seen.has(npi)) at('npi', CLAIM_SETUP_MESSAGES.renderingNpiRepeated);
      seen.set(npi, row.therapistId);
    }
    if (!blank(row.taxonomy) && !isTaxonomy(row.taxonomy))
      at('taxonomy', CLAIM_SETUP_MESSAGES.taxonomyInvalid);
    const supervisor = row.supervisingTherapistId;
    if (supervisor === null) return;
    if (supervisor === row.therapistId)
      at('supervisingTherapistId', CLAIM_SETUP_MESSAGES.supervisorIsSelf);
    else if (!therapists.has(supervisor))
      at('supervisingTherapistId', CLAIM_SETUP_MESSAGES.supervisorUnknown);
    else if ((npiOf.get(supervisor) ?? '') === '')
      at('supervisingTherapistId', CLAIM_SETUP_MESSAGES.supervisorNpiMissing);
  });
  return out;
}

/** ISA06 is 15 characters; clearinghouses hand out letters and digits. */
const SUBMITTER_ID = /^[A-Za-z0-9]{1,15}$/;

/**
 * The endpoint's own form: https, a host, no user or password inside it. Whether the host
 * is a public address is the server's to check (and again at each fetch).
 */
export function endpointUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return CLAIM_SETUP_MESSAGES.endpointInvalid;
  }
  if (url.protocol !== 'https:' || url.hostname === '') return CLAIM_SETUP_MESSAGES.endpointInvalid;
  if (url.username !== '' || url.password !== '') return CLAIM_SETUP_MESSAGES.endpointCredentials;
  return null;
}

export function isSubmitterId(value: string): boolean {
  return SUBMITTER_ID.test(value.trim());
}

/** The billing provider as the claim model carries it, for the claim builder. */
export function toBillingProvider(setup: BillingProviderSetup): BillingProvider {
  return {
    entity:
      setup.entityKind === 'organisation'
        ? { kind: 'organisation', name: setup.organisationName.trim() }
        : { kind: 'person', firstName: setup.firstName.trim(), lastName: setup.lastName.trim() },
    npi: setup.npi.trim(),
    tin: { kind: setup.tin.kind, value: setup.tin.value.trim() },
    taxonomy: setup.taxonomy.trim().toUpperCase() || null,
    address: setup.address,
    payTo: setup.payTo,
  };
}

/** A therapist as a claim's rendering or supervising provider. */
export function toClaimProvider(therapist: {
  firstName: string;
  lastName: string;
  npi: string | null;
  taxonomy: string | null;
}): ClaimProvider {
  return {
    firstName: therapist.firstName,
    lastName: therapist.lastName,
    npi: (therapist.npi ?? '').trim(),
    taxonomy: (therapist.taxonomy ?? '').trim().toUpperCase() || null,
  };
}
