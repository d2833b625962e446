/**
 * The booking form's rules (spec-2 §5), from the domain validators the
 * server also checks with: names and reason required and bounded, e-mail and
 * phone in their formats, the date of birth as MM/DD/YYYY, a real day from
 * 01/01/1900 to today.
 */
import { parseUsDate, toFieldValidator, type MessageValidator } from '@openpractice/domain';

export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const REASON_MAX = 1000;
export const EARLIEST_DOB = '01/01/1900';

export const validateName: MessageValidator = toFieldValidator([
  { name: 'required' },
  { name: 'max', value: NAME_MAX },
]);

export const validateEmail: MessageValidator = toFieldValidator([
  { name: 'required' },
  { name: 'max', value: EMAIL_MAX },
  { name: 'email' },
]);

export const validatePhone: MessageValidator = toFieldValidator([
  { name: 'required' },
  { name: 'max', value: PHONE_MAX },
  { name: 'phone' },
]);

export const validateReason: MessageValidator = toFieldValidator([
  { name: 'required' },
  { name: 'max', value: REASON_MAX },
]);

/** The date of birth as typed (MM/DD/YYYY): required, a real day, not after `today` (MM/DD/YYYY). */
export function dobValidator(today: string): MessageValidator {
  return toFieldValidator([
    { name: 'required' },
    { name: 'date' },
    { name: 'dateBefore', value: today },
    { name: 'dateAfter', value: EARLIEST_DOB },
  ]);
}

/** 'MM/DD/YYYY' as the ISO date the server takes; null when it is not a real day. */
export function isoDobOf(typed: string): string | null {
  const day = parseUsDate(typed.trim());
  return day ? day.format('YYYY-MM-DD') : null;
}

/** An ISO day ('2032-01-30') as MM/DD/YYYY, the form the rules name. */
export function usDateOf(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month ?? ''}/${day ?? ''}/${year ?? ''}`;
}
