import { isoDate, parseMoneyToCents, parseUsDate } from '@openpractice/domain';

import type { DuplicateQuery, NewClientPayload } from '../api/new-client';
import type { ClientStatus } from '../search-criteria';

/** How the new client pays: insurance, private pay, or not known yet. */
export type PaymentChoice = 'insurance' | 'privatePay' | 'none';

/** The new client form as typed. */
export interface NewClientValues {
  firstName: string;
  nickName: string;
  middleName: string;
  lastName: string;
  /** MM/DD/YYYY as typed. */
  dob: string;
  email: string;
  phone: string;
  therapistIds: number[];
  status: ClientStatus;
  payment: PaymentChoice;
  /** A practice insurance id, '' until chosen. */
  insuranceCompanyId: number | '';
  insuranceNumber: string;
  /** Dollars as typed ('150', '$150.00'). */
  usualFee: string;
  sendRegistrationEmail: boolean;
}

export function emptyNewClient(sendRegistrationEmail: boolean): NewClientValues {
  return {
    firstName: '',
    nickName: '',
    middleName: '',
    lastName: '',
    dob: '',
    email: '',
    phone: '',
    therapistIds: [],
    status: 'ACTIVE',
    payment: 'none',
    insuranceCompanyId: '',
    insuranceNumber: '',
    usualFee: '',
    sendRegistrationEmail,
  };
}

export const USUAL_FEE_MESSAGE = 'Please enter an amount in dollars, e.g. 150.00.';

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** 'MM/DD/YYYY' as an ISO date; undefined when blank or unreadable (the form validates first). */
export function dobToIso(dob: string): string | undefined {
  const day = parseUsDate(dob.trim());
  return day ? isoDate(day) : undefined;
}

/** The create request: trimmed text, the date as ISO, the fee in cents. */
export function toNewClientPayload(values: NewClientValues): NewClientPayload {
  const usualFeeCents =
    values.payment === 'privatePay' && values.usualFee.trim() !== ''
      ? (parseMoneyToCents(values.usualFee) ?? undefined)
      : undefined;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    nickName: optional(values.nickName),
    middleName: optional(values.middleName),
    dob: dobToIso(values.dob),
    email: optional(values.email),
    phone: optional(values.phone),
    therapistIds: values.therapistIds,
    status: values.status,
    isPrivatePay: values.payment === 'privatePay',
    usualFeeCents,
    insurance:
      values.payment === 'insurance' && values.insuranceCompanyId !== ''
        ? {
            practiceInsuranceId: values.insuranceCompanyId,
            insuranceNumber: values.insuranceNumber.trim(),
          }
        : null,
  };
}

/** What the duplicate check compares: names, date of birth, email and phone. */
export function toDuplicateQuery(values: NewClientValues): DuplicateQuery {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dob: dobToIso(values.dob),
    email: optional(values.email),
    phone: optional(values.phone),
  };
}

const SERVER_FIELDS: Record<string, keyof NewClientValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  nickName: 'nickName',
  middleName: 'middleName',
  dob: 'dob',
  email: 'email',
  phone: 'phone',
  therapistIds: 'therapistIds',
  status: 'status',
  usualFeeCents: 'usualFee',
  isPrivatePay: 'payment',
  insurance: 'insuranceCompanyId',
  'insurance.practiceInsuranceId': 'insuranceCompanyId',
  'insurance.insuranceNumber': 'insuranceNumber',
};

/**
 * The form field a server error names (`therapistIds.0` is the therapists
 * field), and its message without the "field 'x': " the server puts before
 * schema errors. Null when the error names no field of this form.
 */
export function formFieldError(
  field: string | undefined,
  message: string,
): { name: keyof NewClientValues; message: string } | null {
  if (!field) return null;
  const name =
    SERVER_FIELDS[field] ??
    SERVER_FIELDS[field.replace(/\.\d+$/, '')] ??
    SERVER_FIELDS[field.split('.')[0] ?? ''];
  if (!name) return null;
  const prefix = /^(?:\w+ )?field '[^']*': /;
  return { name, message: message.replace(prefix, '') };
}
