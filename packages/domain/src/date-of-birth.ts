/**
 * A date of birth that is allowed but unlikely: more than 120 years before
 * today is almost always a typing slip (1925 typed as 1825, a year of 19xx
 * cut short). It is a warning beside the field, not a refusal: the form
 * still saves. Pure: `today` is given.
 */
import { dayOf, type DateInput } from './dates.ts';

export const DOB_WARNING_YEARS = 120;

const WHOLE_DATE = /^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/;

export const DOB_OVER_120_YEARS =
  'This date of birth is more than 120 years ago. Please check the year.';

/**
 * The warning for `dob` (ISO or MM/DD/YYYY as typed) on `today`: born before
 * the day 120 years ago; null for a later, blank or unreadable date (the
 * field's own validation speaks for those).
 */
export function dateOfBirthWarning(
  dob: DateInput | null | undefined,
  today: DateInput,
): string | null {
  if (dob === null || dob === undefined) return null;
  const text = typeof dob === 'string' ? dob.trim() : null;
  // Only a whole date: '01/01/190' on its way to 1906 is not read as the year 190.
  if (text !== null && !WHOLE_DATE.test(text)) return null;
  const born = dayOf(text ?? dob);
  if (!born.isValid()) return null;
  const limit = dayOf(today).subtract(DOB_WARNING_YEARS, 'year');
  return born.isBefore(limit) ? DOB_OVER_120_YEARS : null;
}
