/**
 * Practice set-up rules (issue 16): outside contacts, demographic fields,
 * practice information and logo limits. Pure: the server and the browser
 * both check with these, and say the same words.
 */
import { npi } from './validators.ts';

// --- Practice contacts -----------------------------------------------------------

/** The kinds of outside contact a practice keeps (referral sources, physicians, schools…). */
export const PRACTICE_CONTACT_KINDS = [
  'referral_source',
  'physician',
  'school',
  'attorney',
  'other',
] as const;
export type PracticeContactKind = (typeof PRACTICE_CONTACT_KINDS)[number];

export const PRACTICE_CONTACT_KIND_LABELS: Record<PracticeContactKind, string> = {
  referral_source: 'Referral source',
  physician: 'Physician',
  school: 'School',
  attorney: 'Attorney',
  other: 'Other',
};

/** The state filter of the contacts list (spec-1 §9: remembered for the session). */
export const PRACTICE_CONTACT_STATES = ['active', 'inactive', 'all'] as const;
export type PracticeContactState = (typeof PRACTICE_CONTACT_STATES)[number];

/** Only clinicians carry an NPI; for other kinds it is not asked and never stored. */
export function contactKindHasNpi(kind: PracticeContactKind): boolean {
  return kind === 'physician' || kind === 'referral_source' || kind === 'other';
}

export const NPI_MESSAGE = 'Enter a valid 10-digit NPI (the last digit is a check digit).';

/** The NPI rule with a message: 10 digits whose last is the Luhn check digit (CMS). Empty is fine. */
export function npiMessage(value: string | null | undefined): true | string {
  return npi(value ?? '') ? true : NPI_MESSAGE;
}

// --- Practice information ------------------------------------------------------------

export const TIN_MESSAGE = 'Enter the practice’s 9-digit EIN, e.g. 12-3456789.';

/**
 * IRS campus prefixes never issued for an EIN (the first two digits). An EIN
 * starting with one of these is a typing mistake.
 */
const UNISSUED_EIN_PREFIXES = new Set([
  '00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97',
]); // prettier-ignore

/** The TIN's nine digits without punctuation, or null when it is not an EIN's shape. */
export function tinDigits(value: string): string | null {
  const text = value.trim();
  if (!/^\d{2}-?\d{7}$/.test(text)) return null;
  return text.replace('-', '');
}

/** A practice's TIN is its employer identification number: 9 digits, an issued prefix. */
export function tinMessage(value: string | null | undefined): true | string {
  if (value === null || value === undefined || value.trim() === '') return true;
  const digits = tinDigits(value);
  if (digits === null || UNISSUED_EIN_PREFIXES.has(digits.slice(0, 2))) return TIN_MESSAGE;
  return true;
}

/** '123456789' → '12-3456789' (as printed on claims and statements). */
export function formatTin(digits: string | null): string | null {
  if (digits === null || !/^\d{9}$/.test(digits)) return digits;
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

// --- Demographic settings -----------------------------------------------------------

/** OFF: not collected; ON: collected, optional; REQUIRED: collected and must be answered. */
export const DEMOGRAPHIC_VALUES = ['ON', 'OFF', 'REQUIRED'] as const;
export type DemographicValue = (typeof DEMOGRAPHIC_VALUES)[number];

/** How a demographic field is answered. */
export const DEMOGRAPHIC_FIELD_TYPES = ['text', 'number', 'date', 'yesNo', 'choice'] as const;
export type DemographicFieldType = (typeof DEMOGRAPHIC_FIELD_TYPES)[number];

export const DEMOGRAPHIC_FIELD_TYPE_LABELS: Record<DemographicFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  yesNo: 'Yes or no',
  choice: 'Choice from a list',
};

/** A custom field's key: made by the browser from 'custom_' and a short random part. */
export const CUSTOM_DEMOGRAPHIC_NAME = /^custom_[a-z0-9]{1,40}$/;
export const DEMOGRAPHIC_ANSWER_MAX = 200;
export const DEMOGRAPHIC_CHOICES_MAX = 30;

/** A choice field needs at least two distinct, non-blank options; other types carry none. */
export function demographicOptionsMessage(
  type: DemographicFieldType,
  options: readonly string[],
): true | string {
  if (type !== 'choice') return options.length === 0 ? true : 'Only choice fields have options.';
  const cleaned = options.map((o) => o.trim());
  if (cleaned.some((o) => o === '')) return 'Options cannot be blank.';
  if (new Set(cleaned.map((o) => o.toLowerCase())).size !== cleaned.length) {
    return 'Each option must be different.';
  }
  if (cleaned.length < 2) return 'A choice field needs at least two options.';
  if (cleaned.length > DEMOGRAPHIC_CHOICES_MAX) {
    return `A choice field can have at most ${DEMOGRAPHIC_CHOICES_MAX} options.`;
  }
  return true;
}

/**
 * Whether an answer fits its field: empty is allowed unless the field is
 * required; numbers are digits (an optional sign and decimals); dates are
 * ISO (YYYY-MM-DD, a real day); yes/no is 'Yes' or 'No'; a choice is one of
 * its options.
 */
export function demographicAnswerMessage(
  field: {
    label: string;
    type: DemographicFieldType;
    value: DemographicValue;
    options: readonly string[];
  },
  answer: string | null,
): true | string {
  const text = answer?.trim() ?? '';
  if (text === '') return field.value === 'REQUIRED' ? `${field.label} is required.` : true;
  if (text.length > DEMOGRAPHIC_ANSWER_MAX) {
    return `${field.label}: enter no more than ${DEMOGRAPHIC_ANSWER_MAX} characters.`;
  }
  switch (field.type) {
    case 'text':
      return true;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? true : `${field.label}: enter a number.`;
    case 'date':
      return isIsoDay(text) ? true : `${field.label}: enter a date.`;
    case 'yesNo':
      return text === 'Yes' || text === 'No' ? true : `${field.label}: choose Yes or No.`;
    case 'choice':
      return field.options.includes(text) ? true : `${field.label}: choose one of the options.`;
  }
}

function isIsoDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

// --- Logo ------------------------------------------------------------------------------

export const LOGO_KINDS = ['banner', 'icon'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** The largest upload accepted (before resizing). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The box each kind is resized to fit (never enlarged). */
export const LOGO_BOX: Record<LogoKind, { width: number; height: number }> = {
  banner: { width: 600, height: 160 },
  icon: { width: 256, height: 256 },
};

/** What the first bytes of a file say it is: only PNG and JPEG are logos. */
export function imageKindOf(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  return null;
}

export const LOGO_NOT_AN_IMAGE = 'Choose a PNG or JPEG image.';
export const LOGO_UNREADABLE = 'This image could not be read. Save it again as PNG or JPEG.';
export const LOGO_TOO_LARGE = 'The image is larger than 2 MB. Choose a smaller one.';

/**
 * The standard demographic fields every practice starts with (free text; the
 * practice turns each on, off or required, and adds its own).
 */
export const STANDARD_DEMOGRAPHIC_FIELDS: readonly {
  name: string;
  label: string;
  value: DemographicValue;
}[] = [
  { name: 'race', label: 'Race', value: 'ON' },
  { name: 'ethnicity', label: 'Ethnicity', value: 'ON' },
  { name: 'preferredLanguage', label: 'Preferred language', value: 'ON' },
  { name: 'sexualOrientation', label: 'Sexual orientation', value: 'ON' },
  { name: 'genderIdentity', label: 'Gender identity', value: 'ON' },
  { name: 'religion', label: 'Religion', value: 'OFF' },
  { name: 'education', label: 'Education', value: 'OFF' },
];
