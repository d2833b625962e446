import {
  checkPayerField,
  formatPhone,
  formatZip,
  validatePayer,
  type PayerField,
  type PayerTextField,
} from '@openpractice/domain';

import type { Payer, PayerSave } from './api';

/** What the payer dialog edits: text as typed, the end date as the date input's ISO value. */
export interface PayerFormValues {
  label: string;
  payerId: string;
  addressLine1: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  endDate: string;
  therapistSpecific: boolean;
}

export const PAYER_TEXT_FIELDS: readonly {
  name: PayerTextField;
  label: string;
  required?: boolean;
  autoComplete?: string;
}[] = [
  { name: 'label', label: 'Name', required: true },
  { name: 'payerId', label: 'Payer ID', required: true },
  { name: 'addressLine1', label: 'Address', autoComplete: 'off' },
  { name: 'city', label: 'City', autoComplete: 'off' },
  { name: 'state', label: 'State', autoComplete: 'off' },
  { name: 'zipcode', label: 'ZIP code', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', autoComplete: 'off' },
];

/** The form's starting values: blank for a new payer, else the payer as shown (ZIP 5-4, phone formatted). */
export function payerFormValues(payer: Payer | null): PayerFormValues {
  return {
    label: payer?.label ?? '',
    payerId: payer?.payerId ?? '',
    addressLine1: payer?.addressLine1 ?? '',
    city: payer?.city ?? '',
    state: payer?.state ?? '',
    zipcode: payer?.zipcode ? formatZip(payer.zipcode) : '',
    phone: payer?.phone ? formatPhone(payer.phone) : '',
    endDate: payer?.endDate ?? '',
    therapistSpecific: payer?.therapist_specific ?? false,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The save call's body; the server normalises and checks it again. */
export function payerSaveBody(values: PayerFormValues, payerId?: number): PayerSave {
  return {
    ...(payerId === undefined ? {} : { practice_insurance_id: payerId }),
    label: values.label.trim(),
    payerId: values.payerId.trim(),
    addressLine1: orNull(values.addressLine1),
    city: orNull(values.city),
    state: orNull(values.state),
    zipcode: orNull(values.zipcode),
    phone: orNull(values.phone),
    endDate: orNull(values.endDate),
    therapist_specific: values.therapistSpecific,
  };
}

/** One field's own rule (as typed), for react-hook-form's `validate`. */
export const fieldRule = (field: PayerTextField) => (value: string) =>
  checkPayerField(field, value);

/** Every failing field of the whole form, including the all-or-nothing address rule. */
export function payerFormErrors(values: PayerFormValues): Partial<Record<PayerField, string>> {
  const check = validatePayer(payerSaveBody(values));
  if (check.ok) return {};
  const errors: Partial<Record<PayerField, string>> = {};
  for (const error of check.errors) errors[error.field] ??= error.message;
  return errors;
}
