/**
 * The CMS-1500 (02/12) paper claim (issue 20 item 5): which value of the claim model goes in
 * which box, as NUCC's 1500 instruction manual asks of a form a payer's scanner reads: capital
 * letters only (accents dropped, as the 837P does), dates as MM DD YY(YY) with spaces, amounts
 * as dollars and cents in their two columns with no $, comma or point, diagnosis codes without
 * their point (ICD indicator 0: ICD-10-CM), pointers as letters. The server places these values
 * on the form (cms1500-pdf.ts); this is only what goes where, so it is table-tested here.
 */
import { transliterate } from '../x12/x12-format.ts';
import { digitsOnly, icd10ForX12, linePlace } from './claim-values.ts';
import type { Claim, ClaimAddress, ClaimEntity, ClaimPersonName, ServiceLine } from './model.ts';

/** Six service lines fit one form; more continue on the next form (NUCC: "continued" claims). */
export const CMS1500_LINES_PER_FORM = 6;
/** The form has 12 diagnosis places, A to L. */
export const CMS1500_DIAGNOSES = 12;
/** The letters of box 21 (and 24E's pointers). */
export const DIAGNOSIS_LETTERS = 'ABCDEFGHIJKL';

/** An amount as the form's two columns: the dollars, and the cents always as two digits. */
export interface Cms1500Amount {
  dollars: string;
  cents: string;
}

/** Box 24, one service line: the unshaded part of its row. */
export interface Cms1500Line {
  /** 24A from and to, MM DD YY (a session is one day: both the same). */
  from: string;
  to: string;
  /** 24B place of service. */
  place: string;
  /** 24D CPT and up to 4 modifiers. */
  procedure: string;
  modifiers: string[];
  /** 24E diagnosis pointers as letters, primary first, e.g. 'AB'. */
  pointer: string;
  /** 24F */
  charge: Cms1500Amount;
  /** 24G */
  units: string;
  /** 24J rendering provider's NPI (24I's qualifier is the form's printed "NPI"). */
  renderingNpi: string;
}

/**
 * One printed form. `fields` holds every box's text by the box's number, with a suffix for a
 * part of it (`3.dob`, `5.city`) or a check box (`1.group`, `6.self`: 'X' when checked).
 */
export interface Cms1500Form {
  /** 1-based, and how many forms the claim takes. */
  page: number;
  pages: number;
  fields: Readonly<Record<string, string>>;
  lines: Cms1500Line[];
}

/** Capitals without accents, one space between words: what the form's scanner reads. */
export function cmsText(value: string | null | undefined): string {
  return transliterate(value ?? '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** 15050 → { dollars: '150', cents: '50' }: no $, no comma, no point (the form has the line). */
export function cmsAmount(cents: number): Cms1500Amount {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a whole, positive number of cents: ${String(cents)}`);
  return { dollars: String(Math.floor(cents / 100)), cents: String(cents % 100).padStart(2, '0') };
}

const partsOf = (iso: string | null | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match ? { y: match[1] ?? '', m: match[2] ?? '', d: match[3] ?? '' } : null;
};

/** '2024-06-17' → '06 17 2024' (birth dates: 8 digits). */
export function cmsDate8(iso: string | null | undefined): string {
  const p = partsOf(iso);
  return p ? `${p.m} ${p.d} ${p.y}` : '';
}

/** '2024-06-17' → '06 17 24' (service and signature dates: 6 digits). */
export function cmsDate6(iso: string | null | undefined): string {
  const p = partsOf(iso);
  return p ? `${p.m} ${p.d} ${p.y.slice(2)}` : '';
}

/** Boxes 2, 4: LAST, FIRST, MIDDLE INITIAL (NUCC separates them with commas). */
export function cmsPersonName(name: ClaimPersonName): string {
  const last = [name.lastName, name.suffix].filter((p) => (p ?? '').trim() !== '').join(' ');
  const middle = (name.middleName ?? '').trim().charAt(0);
  return cmsText([last, name.firstName, middle].filter((p) => p.trim() !== '').join(', '));
}

/** Boxes 17, 31: FIRST M LAST, as a signature line reads. */
const signatureName = (name: ClaimPersonName) =>
  cmsText([name.firstName, (name.middleName ?? '').charAt(0), name.lastName].join(' '));

const entityName = (entity: ClaimEntity) =>
  entity.kind === 'organisation' ? cmsText(entity.name) : signatureName(entity);

/** The form takes the 9-digit ZIP with its hyphen, and a 5-digit one as it is. */
const cmsZip = (zip: string) => {
  const digits = digitsOnly(zip);
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};

function addressFields(box: string, address: ClaimAddress | null | undefined) {
  if (!address) return {};
  return {
    [`${box}.street`]: cmsText([address.line1, address.line2].filter(Boolean).join(' ')),
    [`${box}.city`]: cmsText(address.city),
    [`${box}.state`]: cmsText(address.state),
    [`${box}.zip`]: cmsZip(address.zip),
  };
}

/** One line of city, state and ZIP, as boxes 32 and 33 print it. */
const cityLine = (a: ClaimAddress) => `${cmsText(a.city)} ${cmsText(a.state)} ${cmsZip(a.zip)}`;

/** Box 1: the kind of coverage, from the plan's filing indicator (SBR09). */
const PROGRAMS: Readonly<Record<string, string>> = {
  MA: 'medicare',
  MB: 'medicare',
  MC: 'medicaid',
  CH: 'tricare',
  VA: 'champva',
  CI: 'group',
  BL: 'group',
  HM: 'group',
  FI: 'group',
  '12': 'group',
  '13': 'group',
  '14': 'group',
  '15': 'group',
  '16': 'group',
};

const check = (box: string, which: string) => ({ [`${box}.${which}`]: 'X' });
const sexBox = (box: string, gender: string | null | undefined) =>
  gender === 'M' ? check(box, 'm') : gender === 'F' ? check(box, 'f') : {};

function lineOf(claim: Claim, line: ServiceLine): Cms1500Line {
  const date = cmsDate6(line.dateOfService);
  return {
    from: date,
    to: date,
    place: linePlace(claim, line),
    procedure: cmsText(line.procedureCode),
    modifiers: line.modifiers.slice(0, 4).map(cmsText),
    pointer: line.diagnosisPointers.map((n) => DIAGNOSIS_LETTERS.charAt(n - 1)).join(''),
    charge: cmsAmount(line.chargeCents ?? 0),
    units: String(line.units),
    renderingNpi: claim.rendering?.npi ?? '',
  };
}

/** Every box but 24 and 28, the same on each form of the claim. */
function claimFields(claim: Claim, printedOn: string): Record<string, string> {
  const patient = claim.patient ?? claim.subscriber;
  const relationship = claim.patient?.relationship ?? 'self';
  const billing = claim.billing;
  const facility = claim.serviceFacility;
  const diagnoses = Object.fromEntries(
    claim.diagnoses
      .slice(0, CMS1500_DIAGNOSES)
      .map((code, i) => [`21.${DIAGNOSIS_LETTERS.charAt(i)}`, icd10ForX12(code)]),
  );
  const supervisor = claim.supervising;
  const paid = claim.otherPayer ? cmsAmount(claim.otherPayer.paidCents) : null;
  const assigned = claim.acceptsAssignment ?? true;
  return {
    payerName: cmsText(claim.payer.name),
    ...(claim.payer.address
      ? {
          payerStreet: cmsText(claim.payer.address.line1),
          payerCity: cityLine(claim.payer.address),
        }
      : {}),
    ...check('1', PROGRAMS[claim.policy?.filingIndicator ?? ''] ?? 'other'),
    '1a': cmsText(claim.policy?.memberId),
    '2': cmsPersonName(patient),
    '3.dob': cmsDate8(patient.dob),
    ...sexBox('3.sex', patient.gender),
    '4': cmsPersonName(claim.subscriber),
    ...addressFields('5', patient.address),
    ...check('6', relationship),
    ...addressFields('7', claim.subscriber.address),
    // Therapy is never an employment, auto or other accident claim: NO, as payers want it said.
    ...check('10a', 'no'),
    ...check('10b', 'no'),
    ...check('10c', 'no'),
    '11': cmsText(claim.policy?.groupNumber ?? claim.policy?.groupName),
    '11a.dob': cmsDate8(claim.subscriber.dob),
    ...sexBox('11a.sex', claim.subscriber.gender),
    '11c': cmsText(claim.payer.name),
    // A secondary (or tertiary) claim is one because another plan exists.
    ...check('11d', claim.otherPayer || claim.policy?.responsibility !== 'primary' ? 'yes' : 'no'),
    '12': (claim.releaseOfInformation ?? 'Y') === 'Y' ? 'SIGNATURE ON FILE' : '',
    '12.date': (claim.releaseOfInformation ?? 'Y') === 'Y' ? cmsDate6(printedOn) : '',
    '13': (claim.benefitsAssigned ?? true) ? 'SIGNATURE ON FILE' : '',
    // Box 14 (onset of the current illness) stays empty: the claim model has no onset date,
    // and a guessed date is worse than none (it is optional for outpatient therapy).
    '14': '',
    // Box 17: the supervising provider (qualifier DQ) when a supervisee renders the service.
    '17.qualifier': supervisor ? 'DQ' : '',
    '17': supervisor ? signatureName(supervisor) : '',
    '17b': supervisor?.npi ?? '',
    '21.ind': '0',
    ...diagnoses,
    '22.code': claim.frequency === '1' ? '' : claim.frequency,
    '22.original': claim.frequency === '1' ? '' : cmsText(claim.originalClaimNumber),
    '23': cmsText(claim.priorAuthorisation),
    '25': digitsOnly(billing.tin.value),
    ...check('25', billing.tin.kind),
    '26': cmsText(claim.patientControlNumber),
    ...check('27', assigned ? 'yes' : 'no'),
    '29.dollars': paid?.dollars ?? '',
    '29.cents': paid?.cents ?? '',
    '31': claim.rendering ? signatureName(claim.rendering) : entityName(billing.entity),
    '31.date': cmsDate6(printedOn),
    // Box 32: where the service was; the practice's own address when no other facility is named.
    '32.name': facility ? cmsText(facility.name) : entityName(billing.entity),
    '32.street': cmsText((facility?.address ?? billing.address).line1),
    '32.city': cityLine(facility?.address ?? billing.address),
    '32a': facility ? (facility.npi ?? '') : billing.npi,
    '33.name': entityName(billing.entity),
    '33.street': cmsText(billing.address.line1),
    '33.city': cityLine(billing.address),
    '33a': billing.npi,
    '33b': billing.taxonomy ? `ZZ${cmsText(billing.taxonomy)}` : '',
  };
}

/**
 * The forms a claim prints on: six lines each, in the claim's order; the total charge (box 28)
 * only on the last form, with CONTINUED on the ones before, so no form shows a partial total as
 * if it were the claim's. `printedOn` (YYYY-MM-DD, the practice's today) dates boxes 12 and 31.
 */
export function cms1500Forms(claim: Claim, printedOn: string): Cms1500Form[] {
  const fields = claimFields(claim, printedOn);
  const chunks: ServiceLine[][] = [];
  for (let i = 0; i < claim.lines.length; i += CMS1500_LINES_PER_FORM)
    chunks.push(claim.lines.slice(i, i + CMS1500_LINES_PER_FORM));
  if (chunks.length === 0) chunks.push([]);
  const total = cmsAmount(claim.lines.reduce((sum, l) => sum + (l.chargeCents ?? 0), 0));
  return chunks.map((chunk, index) => {
    const last = index === chunks.length - 1;
    return {
      page: index + 1,
      pages: chunks.length,
      fields: {
        ...fields,
        '28.dollars': last ? total.dollars : 'CONTINUED',
        '28.cents': last ? total.cents : '',
      },
      lines: chunk.map((line) => lineOf(claim, line)),
    };
  });
}
