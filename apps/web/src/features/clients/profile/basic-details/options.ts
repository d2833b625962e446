/**
 * Choices of the basic-details selects. The spec does not list them; these
 * are what a US claim and intake form ask. A stored value that is not among
 * them (e.g. imported) stays selectable, so opening the form never changes it.
 */
export const GENDER_OPTIONS = ['Female', 'Male', 'Non-binary', 'Other', 'Prefer not to say'];
/** The sex reported on insurance claims. */
export const CLAIM_GENDER_OPTIONS = ['Female', 'Male', 'Unknown'];
export const MARITAL_STATUS_OPTIONS = [
  'Single',
  'Married',
  'Domestic partner',
  'Separated',
  'Divorced',
  'Widowed',
  'Unknown',
];
export const EMPLOYMENT_TYPE_OPTIONS = [
  'Employed full time',
  'Employed part time',
  'Self-employed',
  'Unemployed',
  'Full-time student',
  'Part-time student',
  'Retired',
  'Unknown',
];

/** The options with the current value added when it is not one of them. */
export function optionsWith(options: readonly string[], current: string): string[] {
  const value = current.trim();
  return value === '' || options.includes(value) ? [...options] : [...options, value];
}
